import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { readBodyWithin } from "@/lib/http/body";
import { absoluteUrl, nodeRequest } from "./node-request";

type Seen = Record<string, unknown>;

/**
 * Sends one request with raw header lines to a server whose listener runs
 * `inspect` on both the lazily built request and a real Request built from
 * the same Node request, and returns what each saw.
 */
async function compare(
  method: string,
  rawHeaders: readonly [string, string][],
  body: Buffer | undefined,
  inspect: (request: Request) => Promise<Seen>,
): Promise<{ lazy: Seen; real: Seen }> {
  let seen: { lazy: Seen; real: Seen } | Error | undefined;
  const server = createServer(async (incoming, reply) => {
    const lazy = nodeRequest(incoming, "http://example.test", "192.0.2.1");
    const headers = new Headers();
    for (let index = 0; index < incoming.rawHeaders.length; index += 2) headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
    headers.set("x-client-address", "192.0.2.1");
    const real = new Request(`http://example.test${incoming.url}`, { method, headers, body: body ? new Uint8Array(body) : null });
    try {
      seen = { lazy: await inspect(lazy), real: await inspect(real) };
    } catch (error) {
      seen = error as Error;
    }
    reply.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // Raw header lines, so repeated and oddly cased headers arrive as written.
  await new Promise<void>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const lines = [`${method} /a/./b/../c?x=1%20&y HTTP/1.1`, "Host: example.test", "Connection: close", ...rawHeaders.map(([name, value]) => `${name}: ${value}`)];
    if (body) lines.push(`Content-Length: ${body.length}`);
    socket.end(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body ?? Buffer.alloc(0)]));
    socket.on("error", reject).on("close", () => resolve()).resume();
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (seen instanceof Error || seen === undefined) throw seen ?? new Error("no request seen");
  return seen;
}

describe("the app server's lazily built Request", () => {
  it("reads method, URL and headers as a real Request built from the same request does", async () => {
    const { lazy, real } = await compare(
      "GET",
      [
        ["X-Request-Id", "abc"],
        ["Accept", "text/html"],
        ["accept", " application/json "],
        ["Cookie", "a=1"],
        ["cookie", "b=2"],
        ["X-Client-Address", "203.0.113.9"],
      ],
      undefined,
      async (request) => ({
        isRequest: request instanceof Request,
        method: request.method,
        url: request.url,
        requestId: request.headers.get("x-request-id"),
        accept: request.headers.get("ACCEPT"),
        cookie: request.headers.get("cookie"),
        clientAddress: request.headers.get("x-client-address"),
        missing: request.headers.get("if-none-match"),
        has: request.headers.has("Accept"),
        all: [...request.headers].filter(([name]) => name !== "host" && name !== "connection"),
        copied: new Headers(request.headers).get("accept"),
        body: request.body,
        signalAborted: request.signal.aborted,
      }),
    );
    expect(lazy).toEqual(real);
    expect(lazy.url).toBe("http://example.test/a/c?x=1%20&y");
    expect(lazy.clientAddress).toBe("192.0.2.1");
  });

  it("reads a body as text (a leading BOM dropped), JSON or within a limit, once", async () => {
    const json = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"é"}')]);
    const { lazy, real } = await compare("POST", [["Content-Type", "application/json"]], json, async (request) => ({
      json: await request.json(),
      used: request.bodyUsed,
      again: await request.text().catch((error: unknown) => (error instanceof TypeError ? "TypeError" : "other")),
    }));
    expect(lazy).toEqual(real);
    expect(lazy.json).toEqual({ name: "é" });

    const bytes = Buffer.alloc(1000, 7);
    const within = await compare("POST", [], bytes, async (request) => ({
      within: Buffer.from((await readBodyWithin(request, 2000))!).equals(bytes),
    }));
    expect(within.lazy).toEqual({ within: true });
    const over = await compare("POST", [], bytes, async (request) => ({ over: await readBodyWithin(request, 999) }));
    expect(over.lazy).toEqual(over.real);
    expect(over.lazy).toEqual({ over: undefined });
  });

  it("reads each body of pipelined requests, and a body that arrives after its headers", async () => {
    const bodies: string[] = [];
    const server = createServer(async (incoming, reply) => {
      bodies.push(await nodeRequest(incoming, "http://example.test", "192.0.2.1").text());
      reply.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const post = (body: string, last = false) => `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n${last ? "Connection: close\r\n" : ""}\r\n`;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      // Two requests in one write, then a third whose body follows its headers in a later write.
      socket.write(`${post("hello")}hello${post("abc")}abc`);
      socket.write(post("late", true));
      setTimeout(() => socket.end("late"), 50);
      socket.on("error", reject).on("close", () => resolve()).resume();
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(bodies).toEqual(["hello", "abc", "late"]);
  });
});

describe("absoluteUrl", () => {
  it("gives the href the URL parser gives, whether or not it parses", () => {
    const origins = ["http://localhost", "http://127.0.0.1:3000", "http://LOCALHOST", "http://h:80", "http://[::1]:3000", "http://a@b", "http://h:99999"];
    const targets = [
      "/api/v1/transactions?limit=25&order=desc",
      "/",
      "//double/slash",
      "/a/./b",
      "/a/../b",
      "/a/%2e%2E/b",
      "/a/.well-known",
      "/a b",
      "/a?b c",
      "/a?it's",
      "/it's",
      "/a\\b",
      "/a#frag",
      "/caf\u00e9",
      "/a?b=%zz&c=%41",
      "/a%41?x=1?y=2",
      "/a|b^c[d]",
      "/a{b}`c`",
      '/"q"',
      "/a?<b>",
      "/a\tb",
      "*",
    ];
    for (const origin of origins) {
      for (const target of targets) {
        let expected: string;
        try {
          expected = new URL(origin + target).href;
        } catch {
          expect(() => absoluteUrl(origin, target), `${origin} ${target}`).toThrow();
          continue;
        }
        expect(absoluteUrl(origin, target), `${origin} ${target}`).toBe(expected);
      }
    }
  });
});
