import { Hardfork } from "@ethereumjs/common";
import { describe, expect, it } from "vitest";
import { hardforkAt } from "./versions";

describe("hardforkAt", () => {
  it.each([
    [0n, Hardfork.London],
    [44_029_065n, Hardfork.London],
    [44_029_066n, Hardfork.Paris],
    [49_117_793n, Hardfork.Paris],
    [49_117_794n, Hardfork.Shanghai],
    [65_435_844n, Hardfork.Shanghai],
    [65_435_845n, Hardfork.Cancun],
    [90_000_000n, Hardfork.Cancun],
  ])("mainnet block %d runs %s", (block, hardfork) => {
    expect(hardforkAt(295n, block)).toBe(hardfork);
  });

  it.each([296n, 297n, 298n])("chain %d runs the latest version from block 0", (chainId) => {
    expect(hardforkAt(chainId, 0n)).toBe(Hardfork.Cancun);
  });
});
