import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { artifactSchema } from "./artifacts";
import { ARTIFACTS_DIR, compileContracts, sourceNames } from "./compile";

describe("the demo contracts' committed artifacts", () => {
  // solc-js compiles in a few seconds on an idle machine; the margin is for a busy one.
  it("are what the pinned solc compiles from the sources, byte for byte", { timeout: 180_000 }, () => {
    const compiled = compileContracts();
    const committed = readdirSync(ARTIFACTS_DIR).filter((name) => name.endsWith(".json")).sort();
    expect(committed).toEqual(sourceNames().map((name) => name.replace(/\.sol$/, ".json")));
    for (const file of committed) {
      const text = readFileSync(join(ARTIFACTS_DIR, file), "utf8");
      expect(compiled.get(file), file).toBe(text);
      const artifact = artifactSchema.parse(JSON.parse(text));
      expect(artifact.compiler).toMatch(/^solc 0\.8\.37\+commit\./);
      expect(artifact.bytecode.length).toBeGreaterThan(artifact.deployedBytecode.length);
    }
  });
});
