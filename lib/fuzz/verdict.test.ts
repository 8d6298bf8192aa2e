import { describe, expect, it } from "vitest";
import { judge } from "./verdict";

describe("judge", () => {
  it("passes successes and enveloped errors", () => {
    expect(judge(200, "{}")).toBe("ok");
    expect(judge(404, '{"_status":{"messages":[{"message":"Not found"}]}}')).toBe("ok");
    expect(judge(400, '{"_status":{"messages":[{"message":"Invalid parameter: body","detail":"x","data":null}]}}')).toBe("ok");
  });

  it("flags server errors unless the endpoint documents the status", () => {
    expect(judge(500, '{"_status":{"messages":[{"message":"Internal error"}]}}')).toBe("server-error");
    expect(judge(500, '{"_status":{"messages":[{"message":"Internal error"}]}}', new Set([500]))).toBe("ok");
  });

  it("flags errors outside the envelope", () => {
    expect(judge(405, "")).toBe("non-envelope");
    expect(judge(400, "Bad Request")).toBe("non-envelope");
    expect(judge(400, '{"_status":{"messages":[]}}')).toBe("non-envelope");
    expect(judge(404, '{"error":"not found"}')).toBe("non-envelope");
  });
});
