import type { Duplex } from "node:stream";
import { errorBody } from "@/lib/http/errors";

const STATUS_BY_CODE: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout"],
};

/**
 * The server's `clientError` listener. Node answers a request it cannot
 * parse (a URL or headers past its 16 KiB limit, broken framing) before any
 * listener of ours runs, with an empty body; this answers the same status
 * in our error envelope, so every error a client can get reads the same.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] = STATUS_BY_CODE[error.code ?? ""] ?? [400, "Bad Request"];
  const body = JSON.stringify(errorBody([{ message: reason }]));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "X-Content-Type-Options: nosniff\r\n" +
      "Connection: close\r\n\r\n" +
      body,
  );
}
