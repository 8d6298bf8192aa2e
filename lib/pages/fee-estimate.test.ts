import { describe, expect, it } from "vitest";
import { highVolumePrice, readFeeAnswer, subtotal } from "./fee-estimate";

const SAMPLE = `{"high_volume_multiplier":1,"network":{"multiplier":9,"subtotal":1800000},
  "node":{"base":100000,"extras":[{"charged":1,"count":2,"fee_per_unit":100000,"included":1,"name":"SIGNATURES","subtotal":100000}]},
  "notes":["Token 0.0.5005 is not in the database, priced with custom fees"],
  "service":{"base":499000000,"extras":[{"charged":2,"count":3,"fee_per_unit":100000000,"included":1,"name":"KEYS","subtotal":200000000}]},
  "total":701000000}`;

describe("readFeeAnswer", () => {
  it("reads an estimate with every amount as a bigint", () => {
    const answer = readFeeAnswer(200, SAMPLE);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.estimate.total).toBe(701_000_000n);
    expect(answer.estimate.service.extras[0]).toEqual({ name: "KEYS", count: 3n, included: 1n, charged: 2n, feePerUnit: 100_000_000n, subtotal: 200_000_000n });
    expect(answer.estimate.notes).toHaveLength(1);
    expect(subtotal(answer.estimate.node)).toBe(200_000n);
    expect(highVolumePrice(answer.estimate)).toBeNull();
  });

  it("keeps int64 extremes exact", () => {
    const answer = readFeeAnswer(200, SAMPLE.replace('"total":701000000', '"total":9223372036854775807'));
    expect(answer.ok && answer.estimate.total).toBe(9_223_372_036_854_775_807n);
  });

  it("prices high volume as floor(total × multiplier / 1000)", () => {
    const answer = readFeeAnswer(200, SAMPLE.replace('"high_volume_multiplier":1', '"high_volume_multiplier":12500').replace('"total":701000000', '"total":500000001'));
    expect(answer.ok && highVolumePrice(answer.estimate)).toBe(6_250_000_012n);
  });

  it("reads the error envelope", () => {
    const answer = readFeeAnswer(400, '{"_status":{"messages":[{"message":"Invalid parameter: body","detail":"Unable to parse transaction","data":null}]}}');
    expect(answer).toEqual({ ok: false, error: { status: 400, messages: [{ message: "Invalid parameter: body", detail: "Unable to parse transaction" }] } });
  });

  it("survives a body that is not JSON", () => {
    const answer = readFeeAnswer(502, "<html>Bad gateway</html>");
    expect(answer.ok).toBe(false);
    expect(answer.ok ? "" : answer.error.messages[0]?.message).toContain("502");
  });
});

