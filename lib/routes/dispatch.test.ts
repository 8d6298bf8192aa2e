import { describe, expect, it } from "vitest";
import type { Handler } from "@/lib/http/handler";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import { bindOnce } from "./bind";
import { createDispatcher } from "./dispatch";
import type { RouteDeclaration } from "./table";

const answer = (name: string): Handler => async (request, context) => new Response(`${name} ${request.method} ${JSON.stringify(await context.params)}`);
const routes: RouteDeclaration[] = [
  { path: "/api/things", face: "health", methods: { GET: answer("list"), POST: answer("create") } },
  { path: "/api/things/{id}", face: "mirror", methods: { GET: { mirror: (mirror) => answer(`item at ${mirror.now()}`) } }, cache: "slowLists" },
  { path: "/api/doc.json", face: "status", methods: { GET: answer("doc") }, publicDocument: true },
];
const dispatch = createDispatcher(routes);
const bind = bindOnce({ sql: () => Promise.reject(new Error("unused")), config: DEFAULT_MIRROR_CONFIG, now: () => 7n });

async function send(method: string, path: string): Promise<[number, string | null, string]> {
  const found = dispatch(method, path, bind);
  if (!found) throw new Error(`no route for ${path}`);
  const response = await found.handler(new Request(`http://localhost${path}`, { method }), { params: Promise.resolve(found.params) });
  return [response.status, response.headers.get("allow"), await response.text()];
}

describe("createDispatcher with bound routes", () => {
  it("answers each declared method with its handler and HEAD with GET, mirror handlers made for the bound context", async () => {
    expect(await send("GET", "/api/things")).toEqual([200, null, "list GET {}"]);
    expect(await send("POST", "/api/things")).toEqual([200, null, "create POST {}"]);
    expect(await send("HEAD", "/api/things")).toEqual([200, null, "list HEAD {}"]);
    expect(await send("GET", "/api/things/a%3Ab")).toEqual([200, null, 'item at 7 GET {"id":"a:b"}']);
  });

  it("answers other methods 405 in the envelope with Allow, OPTIONS 204, a public document's OPTIONS its CORS preflight", async () => {
    const notAllowed = (method: string) =>
      JSON.stringify({ _status: { messages: [{ message: "Method Not Allowed", detail: `Request method '${method}' is not supported`, data: null }] } });
    expect(await send("DELETE", "/api/things")).toEqual([405, "GET, POST, HEAD, OPTIONS", notAllowed("DELETE")]);
    expect(await send("BREW", "/api/things/1")).toEqual([405, "GET, HEAD, OPTIONS", notAllowed("BREW")]);
    expect(await send("OPTIONS", "/api/things")).toEqual([204, "GET, POST, HEAD, OPTIONS", ""]);
    expect(await send("POST", "/api/doc.json")).toEqual([405, "GET, OPTIONS, HEAD", notAllowed("POST")]);
    const preflight = dispatch("OPTIONS", "/api/doc.json", bind)!;
    const response = await preflight.handler(new Request("http://localhost/api/doc.json", { method: "OPTIONS" }));
    expect([response.status, response.headers.get("access-control-allow-methods")]).toEqual([204, "GET, HEAD, OPTIONS"]);
  });

  it("answers 400 for a broken escape under /api/ and leaves every other path to Next", async () => {
    expect(await send("GET", "/api/things/%zz")).toEqual([400, null, JSON.stringify({ _status: { messages: [{ message: "Invalid parameter: id" }] } })]);
    expect(dispatch("GET", "/th%zzings", bind)).toBeNull();
    expect(dispatch("GET", "/api/unknown", bind)).toBeNull();
  });
});
