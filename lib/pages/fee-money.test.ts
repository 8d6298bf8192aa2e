import { describe, expect, it } from "vitest";
import type { ExchangeRate } from "./fee-money";
import { checkMaxFee, formatHbar, formatInteger, formatUsd, readExchangeRate, tinycentsToTinybars, usdPerHbar } from "./fee-money";

// 30,000 ℏ = 150,000 cents: 1 ℏ = 5 cents.
const rate: ExchangeRate = { centEquivalent: 150_000n, hbarEquivalent: 30_000n, expiresAt: new Date(0), recordedAt: null };

describe("fee money", () => {
  it("converts tinycents to tinybars through the rate", () => {
    // 1,000,000 tinycents = 0.01 cent = 0.002 ℏ at 5 cents per ℏ.
    expect(tinycentsToTinybars(1_000_000n, rate)).toBe(200_000n);
    // $1 = 100 cents = 20 ℏ.
    expect(tinycentsToTinybars(10_000_000_000n, rate)).toBe(2_000_000_000n);
    expect(formatHbar(tinycentsToTinybars(10_000_000_000n, rate))).toBe("20 ℏ");
  });

  it("rounds the tinybar amount down, and only that", () => {
    const odd: ExchangeRate = { ...rate, centEquivalent: 3n, hbarEquivalent: 1n };
    expect(tinycentsToTinybars(10n, odd)).toBe(3n);
  });

  it("formats USD exactly to the tinycent", () => {
    expect(formatUsd(1_000_000n)).toBe("$0.0001");
    expect(formatUsd(20_700_000_000n)).toBe("$2.07");
    expect(formatUsd(0n)).toBe("$0.00");
    expect(formatUsd(12_345_678_901_234n)).toBe("$1,234.5678901234");
    expect(formatUsd(1n)).toBe("$0.0000000001");
  });

  it("formats ℏ to the tinybar and integers with separators", () => {
    expect(formatHbar(200_000n)).toBe("0.002 ℏ");
    expect(formatHbar(1n)).toBe("0.00000001 ℏ");
    expect(formatInteger(9_223_372_036_854_775_807n)).toBe("9,223,372,036,854,775,807");
    expect(formatInteger(-1000n)).toBe("-1,000");
  });

  it("states the rate as dollars per ℏ", () => {
    expect(usdPerHbar(rate)).toBe("$0.0500");
  });

  it("reads the mirror node's exchange rate document", () => {
    const read = readExchangeRate({
      current_rate: { cent_equivalent: 596987, expiration_time: 1649689200, hbar_equivalent: 30000 },
      next_rate: { cent_equivalent: 594920, expiration_time: 1649692800, hbar_equivalent: 30000 },
      timestamp: "1649689200.123456789",
    });
    expect(read).toEqual({
      centEquivalent: 596_987n,
      hbarEquivalent: 30_000n,
      expiresAt: new Date(1_649_689_200_000),
      recordedAt: new Date(1_649_689_200_000),
    });
    expect(readExchangeRate({ _status: { messages: [{ message: "Not found" }] } })).toBeNull();
    expect(readExchangeRate({ current_rate: { cent_equivalent: 0, expiration_time: 1, hbar_equivalent: 1 } })).toBeNull();
  });
});

describe("checkMaxFee", () => {
  // 1 ℏ = 12 ¢: 30,000 ℏ for 360,000 ¢.
  const rate: ExchangeRate = { centEquivalent: 360_000n, hbarEquivalent: 30_000n, expiresAt: new Date(0), recordedAt: null };

  it("flags a price over the max fee, compared in tinybars at the rate", () => {
    // $6.8112 = 56.76 ℏ at 12 ¢, against a 2 ℏ max.
    const check = checkMaxFee(68_112_000_000n, "200000000", rate);
    expect(check).toEqual({ chargedTinybars: 5_676_000_000n, maxFeeTinybars: 200_000_000n, exceeds: true });
  });

  it("passes a price at or under the max fee", () => {
    expect(checkMaxFee(2_400_000_000n, "200000000", rate)?.exceeds).toBe(false);
    expect(checkMaxFee(2_400_000_001n, "200000000", rate)?.exceeds).toBe(false);
  });

  it("cannot tell without a max fee or a rate", () => {
    expect(checkMaxFee(1n, null, rate)).toBeNull();
    expect(checkMaxFee(1n, "200000000", null)).toBeNull();
  });
});
