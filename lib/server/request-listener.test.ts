import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handler } from "@/lib/http/handler";
import { jsonResponse } from "@/lib/http/response";
import { serverMirror } from "@/lib/mirror/db";
import { bindOnce } from "@/lib/routes/bind";
import { createDispatcher } from "@/lib/routes/dispatch";
import { ROUTES, type RouteDeclaration } from "@/lib/routes/table";
import { LINGER_MS, MAX_DRAINED_BODY_BYTES } from "./node-fetch-bridge";
import { createRequestListener } from "./request-listener";

/** Answers at once, never reading the request body (as an auth check or a size check does). */
const ignoresBody: Handler = async () => jsonResponse({ _status: { messages: [{ message: "Unauthorized" }] } }, { status: 401 });

/** Reads the whole body; records how reading ended. */
const readOutcomes: string[] = [];
const readsBody: Handler = async (request) => {
  try {
    const bytes = await request.arrayBuffer();
    readOutcomes.push(`read ${bytes.byteLength}`);
  } catch {
    readOutcomes.push("failed");
  }
  return jsonResponse({});
};

const routes: RouteDeclaration[] = [
  ...ROUTES,
  { path: "/api/test/early", face: "health", methods: { POST: ignoresBody } },
  { path: "/api/test/read", face: "health", methods: { POST: readsBody } },
];
const dispatch = createDispatcher(routes);
const bind = bindOnce(serverMirror);

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(
    createRequestListener((method, pathname) => dispatch(method, pathname, bind), (_request, reply) => {
      reply.writeHead(404, { "content-type": "text/plain" }).end("next");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * One keep-alive connection driven by hand: requests are written as given
 * (bodies included or not), responses parsed off the socket in order.
 */
class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | undefined;
  /** What the socket reported as errors (a reset shows here). */
  readonly errors: Error[] = [];

  /** `allowHalfOpen`: the client goes on sending after the server ends its side, as one still uploading does. */
  constructor(options: { allowHalfOpen?: boolean } = {}) {
    this.socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: options.allowHalfOpen ?? false });
    this.socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    this.socket.on("close", () => {
      this.closed = true;
      this.wake?.();
    });
    this.socket.on("error", (error) => this.errors.push(error));
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The next response, or a rejection naming the stall after `timeoutMs`. */
  async response(timeoutMs = 3000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.closed) throw new Error("connection closed before a response");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no response within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Resolves true once the server closes the connection. */
  async closes(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.closed;
  }

  end(): void {
    this.socket.destroy();
  }

  /** Ends this side, as a client does once its request is sent. */
  finish(): void {
    this.socket.end();
  }

  private parse(): RawResponse | undefined {
    const headerEnd = this.buffer.indexOf("\r\n\r\n");
    if (headerEnd === -1) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, headerEnd).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
    const length = Number(headers["content-length"] ?? 0);
    if (this.buffer.length < headerEnd + 4 + length) return undefined;
    const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8");
    this.buffer = this.buffer.subarray(headerEnd + 4 + length);
    return { status: Number(statusLine!.split(" ")[1]), headers, body };
  }
}

const health = "GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n";

function post(path: string, headers: Record<string, string | number>): string {
  return `POST ${path} HTTP/1.1\r\nHost: test\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
}

describe("the app server's request listener on a keep-alive connection", () => {
  it("answers the next request after a 413 sent before the body was read", async () => {
    const connection = new RawConnection();
    const body = Buffer.alloc(300_000, 7);
    await connection.write(post("/api/v1/network/fees", { "Content-Type": "application/protobuf", "Content-Length": body.length }));
    const first = await connection.response();
    expect(first.status).toBe(413);
    await connection.write(body);
    await connection.write(health);
    expect((await connection.response()).status).toBe(200);
    connection.end();
  });

  it("answers the next request after a 415 and after a handler that never reads the body", async () => {
    const connection = new RawConnection();
    const body = Buffer.alloc(200_000, 1);
    await connection.write(Buffer.concat([Buffer.from(post("/api/v1/network/fees", { "Content-Type": "text/plain", "Content-Length": body.length })), body]));
    expect((await connection.response()).status).toBe(415);
    await connection.write(Buffer.concat([Buffer.from(post("/api/test/early", { "Content-Length": body.length })), body, Buffer.from(health)]));
    expect((await connection.response()).status).toBe(401);
    expect((await connection.response()).status).toBe(200);
    connection.end();
  });

  it("closes the connection, after a complete response, when the unread body is larger than it drains or of unknown length", async () => {
    const large = new RawConnection();
    await large.write(post("/api/test/early", { "Content-Length": MAX_DRAINED_BODY_BYTES + 1 }));
    const refused = await large.response();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe("close");
    expect(await large.closes()).toBe(true);

    // Chunked and over the fee limit: the handler stops reading part-way, the rest is never read.
    const chunked = new RawConnection();
    await chunked.write(post("/api/v1/network/fees", { "Content-Type": "application/protobuf", "Transfer-Encoding": "chunked" }));
    const chunk = Buffer.alloc(64 * 1024, 3);
    for (let index = 0; index < 5; index++) await chunked.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]));
    const tooLarge = await chunked.response();
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.connection).toBe("close");
    expect(JSON.parse(tooLarge.body)._status.messages[0].message).toBe("Invalid parameter: body");
    expect(await chunked.closes()).toBe(true);
  });

  it("lingers on a closing connection: a client still sending its over-large body is not reset", async () => {
    const connection = new RawConnection({ allowHalfOpen: true });
    await connection.write(post("/api/test/early", { "Content-Length": 2 * MAX_DRAINED_BODY_BYTES }));
    const refused = await connection.response();
    expect(refused.status).toBe(401);
    expect(refused.headers.connection).toBe("close");
    // Closed at once, the server's socket would answer these bytes with a reset (EPIPE or ECONNRESET here).
    await connection.write(Buffer.alloc(2 * MAX_DRAINED_BODY_BYTES, 5));
    connection.finish();
    expect(await connection.closes(LINGER_MS / 2)).toBe(true);
    expect(connection.errors).toEqual([]);
  });

  it("stops lingering after LINGER_MS: a client still sending then is reset", async () => {
    const connection = new RawConnection({ allowHalfOpen: true });
    await connection.write(post("/api/test/early", { "Content-Length": 2 * MAX_DRAINED_BODY_BYTES }));
    expect((await connection.response()).status).toBe(401);
    const answered = Date.now();
    const chunk = Buffer.alloc(16 * 1024, 6);
    await connection.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connection.errors).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LINGER_MS + 200 - (Date.now() - answered)));
    // The server's socket is gone: a write draws a reset, seen on the next write or read.
    const deadline = Date.now() + 2000;
    while (connection.errors.length === 0 && Date.now() < deadline) {
      await connection.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(connection.errors.map((error) => (error as NodeJS.ErrnoException).code)).toContainEqual(expect.stringMatching(/^(EPIPE|ECONNRESET)$/));
  });
});

describe("the request body as a handler reads it", () => {
  it("arrives whole, and a body cut short by the client fails the read instead of leaving it pending", async () => {
    const whole = new RawConnection();
    await whole.write(Buffer.concat([Buffer.from(post("/api/test/read", { "Content-Length": 70_000 })), Buffer.alloc(70_000, 2)]));
    expect((await whole.response()).status).toBe(200);
    whole.end();

    const cut = new RawConnection();
    await cut.write(Buffer.concat([Buffer.from(post("/api/test/read", { "Content-Length": 1000 })), Buffer.alloc(10)]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    cut.end();
    const deadline = Date.now() + 3000;
    while (readOutcomes.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readOutcomes).toEqual(["read 70000", "failed"]);
  });
});

describe("the app server's answers where the route table has no handler", () => {
  async function request(method: string, path: string): Promise<Response> {
    return fetch(`http://127.0.0.1:${port}${path}`, { method });
  }

  it("answers a wrong method on a known API route with 405, the envelope and Allow", async () => {
    const response = await request("PUT", "/api/v1/network/fees");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      _status: { messages: [{ message: "Method Not Allowed", detail: "Request method 'PUT' is not supported", data: null }] },
    });
    expect((await request("DELETE", "/api/manage/v1/pages/p/incidents/unresolved")).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await request("POST", "/api/v1/accounts/0.0.2")).status).toBe(405);
  });

  it("lists the methods on OPTIONS for a route that has no OPTIONS handler", async () => {
    const response = await request("OPTIONS", "/api/v1/network/fees");
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("answers a malformed percent-escape in an API path with a 400 envelope", async () => {
    const cases: Array<[string, string]> = [
      ["/api/v1/accounts/%zz", "Invalid parameter: idOrAliasOrEvmAddress"],
      ["/api/v1/tokens/%E0%A4%A/nfts", "Invalid parameter: tokenId"],
      ["/api/manage/v1/pages/%zz/incidents", "Invalid parameter: page_id"],
      ["/api/manage/v1/pages/p/incidents/%", "Invalid parameter: id"],
      ["/api/v2/summary%zz.json", "Malformed URL path"],
      ["/api/%", "Malformed URL path"],
    ];
    for (const [path, message] of cases) {
      const response = await request("GET", path);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ _status: { messages: [{ message }] } });
    }
    // Outside /api/ the path is Next's to answer.
    expect(await (await request("GET", "/%zz")).text()).toBe("next");
  });

  it("marks every API response nosniff, errors included", async () => {
    for (const [method, path] of [
      ["GET", "/api/health"],
      ["PUT", "/api/health"],
      ["GET", "/api/v1/accounts/%zz"],
    ] as const) {
      expect((await request(method, path)).headers.get("x-content-type-options"), `${method} ${path}`).toBe("nosniff");
    }
  });
});
