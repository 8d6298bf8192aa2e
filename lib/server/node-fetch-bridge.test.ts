import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { stampClientAddress, toFetchRequest } from "./node-fetch-bridge";

it("the client address the throttle reads is the socket's, whatever the client claims", async () => {
  const seen: { api: string | null; next: unknown }[] = [];
  const server = createServer((incoming, reply) => {
    const api = toFetchRequest(incoming, "http://localhost").headers.get(CLIENT_ADDRESS_HEADER);
    stampClientAddress(incoming);
    seen.push({ api, next: incoming.headers[CLIENT_ADDRESS_HEADER] });
    reply.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const sent = httpRequest({ port, host: "127.0.0.1", headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.99" } }, (response) => {
      response.resume();
      response.on("end", resolve);
    });
    sent.on("error", reject);
    sent.end();
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  expect(seen).toEqual([{ api: "127.0.0.1", next: "127.0.0.1" }]);
});
