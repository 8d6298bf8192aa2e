import { describe, expect, it } from "vitest";
import { refuseCrossOriginWrite } from "./admin-origin";

const post = (headers: Record<string, string>) => new Request("http://status.example/admin/components", { method: "POST", headers });

describe("the console's cross-origin gate", () => {
  it("refuses a write from another origin, or naming none, with 403", () => {
    expect(refuseCrossOriginWrite(post({ host: "status.example", origin: "http://evil.example" }))?.status).toBe(403);
    expect(refuseCrossOriginWrite(post({ host: "status.example" }))?.status).toBe(403);
    expect(refuseCrossOriginWrite(post({ host: "status.example", origin: "null" }))?.status).toBe(403);
  });

  it("lets same-origin writes and every read through", () => {
    expect(refuseCrossOriginWrite(post({ host: "status.example", origin: "http://status.example" }))).toBeNull();
    expect(refuseCrossOriginWrite(post({ host: "internal:3000", "x-forwarded-host": "status.example", origin: "https://status.example" }))).toBeNull();
    expect(refuseCrossOriginWrite(new Request("http://status.example/admin", { headers: { origin: "http://evil.example" } }))).toBeNull();
  });
});
