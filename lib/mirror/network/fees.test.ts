import { describe, expect, it } from "vitest";
import { decodeExchangeRateSet } from "./exchange-rate-file";
import { decodeFeeSchedules } from "./fee-schedule-file";
import { effectiveRate, effectiveSchedule, networkFees } from "./render";

const hex = (text: string) => Uint8Array.from(Buffer.from(text, "hex"));
// Files 0.0.111 and 0.0.112 of network/fees/no-params.json.
const schedules = decodeFeeSchedules(hex("0a280a0a08541a061a04408888340a0a08061a061a0440889d2d0a0a08071a061a0440b0b63c120208011200"));
const rates = decodeExchangeRateSet(hex("0a1008b0ea0110f9bb1b1a0608f0cccf9306121008b0ea0110e9c81a1a060880e9cf9306"));

describe("network fees", () => {
  it("reads the gas prices of the contract types from a legacy schedule", () => {
    expect(schedules.current.gasPrices).toEqual([
      { transactionType: "EthereumTransaction", gas: 853000n },
      { transactionType: "ContractCall", gas: 741000n },
      { transactionType: "ContractCreate", gas: 990000n },
    ]);
    expect(rates.current).toEqual({ centEquivalent: 450041, hbarEquivalent: 30000, expirationSeconds: 1651762800n });
  });

  it("converts to tinybars with upstream's integer arithmetic and sorts by type", () => {
    const reference = 1_234_567_890_900_800_400n;
    const fees = networkFees(effectiveSchedule(schedules, reference), effectiveRate(rates, reference), "asc");
    expect(fees).toEqual([
      { gas: 49n, transaction_type: "ContractCall" },
      { gas: 65n, transaction_type: "ContractCreate" },
      { gas: 56n, transaction_type: "EthereumTransaction" },
    ]);
    expect(networkFees(schedules.current, rates.current, "desc").map((fee) => fee.transaction_type)).toEqual(["EthereumTransaction", "ContractCreate", "ContractCall"]);
  });

  it("never prices gas below one tinybar, and prices nothing without a cent rate", () => {
    const cheap = { expirySeconds: 0n, gasPrices: [{ transactionType: "ContractCall", gas: 1n }] };
    expect(networkFees(cheap, rates.current, "asc")).toEqual([{ gas: 1n, transaction_type: "ContractCall" }]);
    expect(networkFees(cheap, { ...rates.current, centEquivalent: 0 }, "asc")).toEqual([]);
  });

  it("switches to the next rate after the current one expires", () => {
    expect(effectiveRate(rates, 1651762800n * 1_000_000_000n)).toBe(rates.current);
    expect(effectiveRate(rates, 1651762800n * 1_000_000_000n + 1n)).toBe(rates.next);
  });

  it("switches to the next schedule once expired, unless none is published", () => {
    expect(effectiveSchedule(schedules, 2_000_000_000n)).toBe(schedules.current);
    const withNext = { ...schedules, next: { expirySeconds: 9n, gasPrices: [{ transactionType: "ContractCall", gas: 5000n }] } };
    expect(effectiveSchedule(withNext, 2_000_000_000n)).toBe(withNext.next);
    expect(effectiveSchedule(withNext, 1_000_000_000n)).toBe(withNext.current);
  });
});
