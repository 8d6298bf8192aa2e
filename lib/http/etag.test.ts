import { describe, expect, it } from "vitest";
import { etagMatches, strongEtag } from "./etag";

describe("etag", () => {
  it("is strong, quoted and content-derived", () => {
    expect(strongEtag("a")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(strongEtag("a")).toBe(strongEtag("a"));
    expect(strongEtag("a")).not.toBe(strongEtag("b"));
  });

  it.each([
    [null, false],
    ['"x"', true],
    ['W/"x"', true],
    ['"y", "x"', true],
    ['"y"', false],
    ["*", true],
  ])("If-None-Match %j matches \"x\": %s", (header, expected) => {
    const request = new Request("http://x/", header === null ? {} : { headers: { "if-none-match": header } });
    expect(etagMatches(request, '"x"')).toBe(expected);
  });
});
