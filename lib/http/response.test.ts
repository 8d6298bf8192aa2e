import { describe, expect, it } from "vitest";
import { bodyResponse, jsonResponse, knownBody } from "./response";

describe("a response with a known body", () => {
  it("reads as new Response(body) reads, and keeps the body for the app server", async () => {
    for (const [body, init] of [
      ["text é", {}],
      ["{}", { status: 201, headers: { "content-type": "application/json" } }],
      [new Uint8Array([1, 2, 3]), { status: 404, statusText: "Nope" }],
    ] as const) {
      const known = bodyResponse(body, init);
      const plain = new Response(body as string | Uint8Array<ArrayBuffer>, init);
      expect(known).toBeInstanceOf(Response);
      expect(knownBody(known)).toBe(body);
      expect([known.status, known.statusText, [...known.headers]]).toEqual([plain.status, plain.statusText, [...plain.headers]]);
      expect(Buffer.from(await known.clone().arrayBuffer())).toEqual(Buffer.from(await plain.clone().arrayBuffer()));
      expect(await new Response(known.body).text()).toBe(await plain.text());
      expect(known.bodyUsed).toBe(true);
    }
    expect(knownBody(new Response("x"))).toBeUndefined();
    expect(() => bodyResponse("x", { status: 204 })).toThrow(TypeError);
  });

  it("labels JSON unless the caller named a type", async () => {
    expect(jsonResponse({ a: 1n }).headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await jsonResponse({ a: 1n }).json()).toEqual({ a: 1 });
    expect(jsonResponse({}, { headers: { "Content-Type": "application/problem+json" } }).headers.get("content-type")).toBe("application/problem+json");
  });
});
