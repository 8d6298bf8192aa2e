import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { referenceData, sharedPath } from "@/lib/testing/requirements";
import { compileFeeSchedule, DEFAULT_FEE_SCHEDULE, resolveFeeSchedule } from "./schedule";
import publishedSchedule from "./simple-fees-schedule.json";

const REFERENCE_SCHEDULE = "reference/simpleFeesSchedules.json";

describeWith([referenceData(REFERENCE_SCHEDULE)], "the shipped fee schedule", () => {
  it("is the reference schedule byte for byte", () => {
    const reference = readFileSync(sharedPath(REFERENCE_SCHEDULE));
    const shipped = readFileSync(path.resolve(process.cwd(), "lib/fees/simple-fees-schedule.json"));
    expect(shipped.equals(reference)).toBe(true);
  });
});

describe("fee schedule", () => {
  it("indexes the default schedule", () => {
    expect(DEFAULT_FEE_SCHEDULE.nodeBaseFee).toBe(100_000n);
    expect(DEFAULT_FEE_SCHEDULE.networkMultiplier).toBe(9n);
    expect(DEFAULT_FEE_SCHEDULE.nodeExtras).toEqual([
      { name: "PROCESSING_BYTES", included: 1350n, feePerUnit: 10_000n },
      { name: "SIGNATURES", included: 1n, feePerUnit: 100_000n },
    ]);
    expect(DEFAULT_FEE_SCHEDULE.services.get("ContractCall")?.nodeNetworkFeeExempt).toBe(true);
    expect(DEFAULT_FEE_SCHEDULE.services.get("ConsensusCreateTopic")?.extras.get("KEYS")).toEqual({
      name: "KEYS",
      included: 0n,
      feePerUnit: 100_000_000n,
    });
  });

  it("accepts proto-JSON string amounts and treats absent numbers as 0", () => {
    const schedule = compileFeeSchedule({
      node: { baseFee: "9223372036854775807" },
      network: {},
      extras: [{ name: "KEYS" }],
      services: [{ name: "Crypto", schedule: [{ name: "CryptoDelete", extras: [{ name: "KEYS" }] }] }],
    });
    expect(schedule.nodeBaseFee).toBe(2n ** 63n - 1n);
    expect(schedule.networkMultiplier).toBe(0n);
    expect(schedule.services.get("CryptoDelete")).toMatchObject({
      baseFee: 0n,
      extras: new Map([["KEYS", { name: "KEYS", included: 0n, feePerUnit: 0n }]]),
    });
  });

  it.each([
    ["an amount beyond int64", { node: { baseFee: "9223372036854775808" }, network: {} }],
    ["an unsafe JSON number", { node: { baseFee: 2 ** 60 }, network: {} }],
    ["a reference to an undefined extra", { node: { extras: [{ name: "NOPE" }] }, network: {} }],
    [
      "a duplicate entry",
      { node: {}, network: {}, services: [{ name: "A", schedule: [{ name: "X" }, { name: "X" }] }] },
    ],
    ["a missing node section", { network: {} }],
  ])("rejects %s", (_case, document) => {
    expect(() => compileFeeSchedule(document)).toThrow();
  });

  it("resolves a state document once per object and falls back to the default when absent or invalid", () => {
    expect(resolveFeeSchedule(null)).toBe(DEFAULT_FEE_SCHEDULE);
    expect(resolveFeeSchedule({ node: 1 })).toBe(DEFAULT_FEE_SCHEDULE);
    const document = structuredClone(publishedSchedule);
    const first = resolveFeeSchedule(document);
    expect(first).not.toBe(DEFAULT_FEE_SCHEDULE);
    expect(resolveFeeSchedule(document)).toBe(first);
  });
});
