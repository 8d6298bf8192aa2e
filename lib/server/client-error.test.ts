import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { answerClientError } from "./client-error";

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_request, reply) => reply.end("ok"));
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Writes `request` on a fresh connection and reads until the server closes it. */
function exchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)) as unknown;

it("answers a URL past Node's header limit with 431 in the error envelope", async () => {
  const response = await exchange(`GET /api/v1/accounts/${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  expect(response.startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n")).toBe(true);
  expect(response).toMatch(/content-type: application\/json/i);
  expect(bodyOf(response)).toEqual({ _status: { messages: [{ message: "Request Header Fields Too Large" }] } });
});

it("answers broken framing with 400 in the error envelope", async () => {
  const response = await exchange("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n");
  expect(response.startsWith("HTTP/1.1 400 Bad Request\r\n")).toBe(true);
  expect(bodyOf(response)).toEqual({ _status: { messages: [{ message: "Bad Request" }] } });
});
