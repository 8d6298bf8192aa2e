import { describe, expect, it, vi } from "vitest";
import { ApiError, notFound } from "./errors";

describe("ApiError", () => {
  it("is recognised across separately loaded copies of the module", async () => {
    vi.resetModules();
    const otherCopy = await import("./errors");
    expect(otherCopy.ApiError).not.toBe(ApiError);
    expect(otherCopy.notFound("gone")).toBeInstanceOf(ApiError);
    expect(notFound("gone")).toBeInstanceOf(otherCopy.ApiError);
  });

  it("does not claim other errors", () => {
    expect(new Error("plain")).not.toBeInstanceOf(ApiError);
    expect({ status: 404, messages: [] }).not.toBeInstanceOf(ApiError);
    expect(null).not.toBeInstanceOf(ApiError);
  });
});
