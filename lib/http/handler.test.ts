import { describe, expect, it } from "vitest";
import { ApiError, invalidParameter } from "./errors";
import { pathnameOf, route } from "./handler";
import { jsonResponse } from "./response";

const request = (headers: Record<string, string> = {}) => new Request("http://localhost/api/v1/thing", { headers });

describe("route", () => {
  it("passes a handler's response through and tags it with a request id", async () => {
    const response = await route(async () => jsonResponse({ ok: 1n }))(request());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"ok":1}');
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("maps a thrown ApiError to the _status envelope with its own fields only", async () => {
    const jsStyle = await route(async () => {
      throw invalidParameter("account.id");
    })(request());
    expect(jsStyle.status).toBe(400);
    expect(await jsStyle.json()).toEqual({ _status: { messages: [{ message: "Invalid parameter: account.id" }] } });

    const javaStyle = await route(async () => {
      throw new ApiError(415, [{ message: "Invalid parameter: body", detail: "unsupported media type", data: null }], { accept: "application/protobuf" });
    })(request());
    expect(javaStyle.status).toBe(415);
    expect(javaStyle.headers.get("accept")).toBe("application/protobuf");
    expect(await javaStyle.json()).toEqual({ _status: { messages: [{ message: "Invalid parameter: body", detail: "unsupported media type", data: null }] } });
  });

  it("hides the cause of an unexpected failure behind a 500", async () => {
    const response = await route(async () => {
      throw new Error("connection string with password=secret");
    })(request());
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('{"_status":{"messages":[{"message":"Internal error"}]}}');
  });

  it("echoes a sane x-request-id and replaces an unsafe one", async () => {
    const handler = route(async () => jsonResponse({}));
    expect((await handler(request({ "x-request-id": "abc-123" }))).headers.get("x-request-id")).toBe("abc-123");
    expect((await handler(request({ "x-request-id": "bad id\n" }))).headers.get("x-request-id")).not.toBe("bad id\n");
  });

  it("reads the path of a parsed URL as URL.pathname gives it", () => {
    for (const url of ["http://localhost/api/v1/thing", "http://localhost/", "http://h:8080/a/b?c=/d#e", "http://h/a#b?c", "http://h/a?b#c", "http://localhost/%2Fx?y"]) {
      expect(pathnameOf(new URL(url).href)).toBe(new URL(url).pathname);
    }
  });
});
