import { describe, expect, it } from "vitest";
import { highVolumeRawMultiplier } from "./high-volume";
import { DEFAULT_FEE_SCHEDULE } from "./schedule";

function ratesOf(type: string) {
  const rates = DEFAULT_FEE_SCHEDULE.services.get(type)?.highVolumeRates;
  if (!rates) throw new Error(`${type} has no highVolumeRates`);
  return rates;
}

describe("highVolumeRawMultiplier on the published curves (fees.md §7 worked values)", () => {
  it.each([
    ["CryptoCreate", 1n, 4_000n],
    ["CryptoCreate", 4n, 9_000n],
    ["CryptoCreate", 6n, 12_500n],
    ["CryptoCreate", 37n, 51_333n],
    ["CryptoCreate", 1_000n, 200_000n],
    ["CryptoCreate", 10_000n, 200_000n],
    ["TokenCreate", 120n, 5_600n],
    ["TokenCreate", 5_000n, 80_000n],
    ["TokenMint", 9_999n, 149_991n],
    ["TokenClaimAirdrop", 5_000n, 8_499n],
    ["CryptoApproveAllowance", 1n, 4_000n],
    ["CryptoApproveAllowance", 10_000n, 4_000n],
    ["ContractCreate", 250n, 6_000n],
  ])("%s at %i bp → %i", (type, utilization, multiplier) => {
    expect(highVolumeRawMultiplier(ratesOf(type), utilization)).toBe(multiplier);
  });

  it("is 1× without rates", () => {
    expect(highVolumeRawMultiplier(null, 5_000n)).toBe(1_000n);
  });

  it("lists exactly the fees.md §7 types as having rates", () => {
    const withRates = [...DEFAULT_FEE_SCHEDULE.services.values()]
      .filter((entry) => entry.highVolumeRates)
      .map((entry) => entry.name);
    expect(withRates.sort()).toEqual(
      [
        "CryptoCreate",
        "ConsensusCreateTopic",
        "FileCreate",
        "FileAppend",
        "HookStore",
        "TokenCreate",
        "TokenAssociateToAccount",
        "TokenAirdrop",
        "ScheduleCreate",
        "TokenMint",
        "ContractCreate",
        "CryptoApproveAllowance",
        "TokenClaimAirdrop",
      ].sort(),
    );
  });
});
