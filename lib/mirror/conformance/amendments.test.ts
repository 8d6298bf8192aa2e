import { beforeAll, expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { referenceData } from "@/lib/testing/requirements";
import { AMENDMENTS } from "./amendments";
import { readSpecFiles, type SpecFile } from "./spec-files";

describeWith([referenceData("reference/mirror-specs")], "AMENDMENTS", () => {
  let files: SpecFile[];
  let specPaths: Set<string>;
  beforeAll(() => {
    files = readSpecFiles();
    specPaths = new Set(files.map((file) => file.path));
  });

  it.each(AMENDMENTS.map((amendment) => [amendment.reason.slice(0, 60), amendment] as const))("%s… cites its evidence", (_name, amendment) => {
    expect(amendment.evidence.length).toBeGreaterThan(0);
    for (const evidence of amendment.evidence) {
      expect(evidence.shows.length).toBeGreaterThan(0);
      if ("spec" in evidence) expect(specPaths.has(evidence.spec), `${evidence.spec} is in the reference copy`).toBe(true);
    }
  });

  it.each(AMENDMENTS.map((amendment) => [amendment.reason.slice(0, 60), amendment] as const))("%s… still applies to a case", (_name, amendment) => {
    expect(files.some((file) => file.cases.some((testCase) => amendment.applies(file.path, testCase)))).toBe(true);
  });
});
