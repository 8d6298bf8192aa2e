import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildFeeExamples } from "./build-fee-examples";
import { FEE_EXAMPLES } from "./fee-examples";

describe("fee examples", () => {
  it("ships exactly what the build script makes (deterministic bytes)", async () => {
    const built = await buildFeeExamples();
    expect([...built.keys()]).toEqual(FEE_EXAMPLES.map((example) => example.id));
    for (const [id, bytes] of built) {
      expect(new Uint8Array(readFileSync(`public/examples/${id}.bin`)), id).toEqual(new Uint8Array(bytes));
    }
  });
});
