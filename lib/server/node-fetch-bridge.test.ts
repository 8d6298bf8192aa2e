import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { jsonResponse } from "@/lib/http/response";
import { sendFetchResponse, stampClientAddress, toFetchRequest } from "./node-fetch-bridge";

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

it("gzips a large JSON answer for a client that takes gzip, as Next's server does, and sends it plain otherwise", async () => {
  const payload = { rows: Array.from({ length: 300 }, (_, index) => ({ index, name: `row ${index}` })) };
  const server = createServer((incoming, reply) => void sendFetchResponse(jsonResponse(payload), reply, incoming));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const get = (method: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const sent = httpRequest({ port, host: "127.0.0.1", method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      });
      sent.on("error", reject);
      sent.end();
    });
  try {
    const zipped = await get("GET", { "accept-encoding": "gzip, deflate" });
    const plain = await get("GET", {});
    const head = await get("HEAD", { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(payload);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(payload);
    expect([zipped, plain, head].map((answer) => answer.headers.vary)).toEqual(["Accept-Encoding", "Accept-Encoding", "Accept-Encoding"]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
