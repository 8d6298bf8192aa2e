import { proto } from "@hiero-ledger/proto";
import { Long } from "@hiero-ledger/sdk";
import { describe, expect, it } from "vitest";
import { countKeys, countKeysIn } from "./keys";
import type { Int64AsNumber } from "./testing/transactions";

/** Keys as the decoder produces them: class instances, so oneof getters are present. */
function decoded(key: Int64AsNumber<proto.IKey>): proto.IKey {
  return proto.Key.decode(proto.Key.encode(key as proto.IKey).finish());
}

const ed = (seed: number): proto.IKey => ({ ed25519: new Uint8Array(32).fill(seed) });

describe("countKeys", () => {
  it("counts the fees.md §4.5 example ThresholdKey(2 of [ed, ed, KeyList[ed, ed]]) as 4", () => {
    const key = {
      thresholdKey: { threshold: 2, keys: { keys: [ed(1), ed(2), { keyList: { keys: [ed(3), ed(4)] } }] } },
    };
    expect(countKeys(decoded(key))).toBe(4);
  });

  it("counts ed25519 and both ECDSA kinds, even with empty bytes", () => {
    expect(countKeys(decoded({ ed25519: new Uint8Array(0) }))).toBe(1);
    expect(countKeys(decoded({ ECDSASecp256k1: new Uint8Array(33) }))).toBe(1);
    expect(countKeys(decoded({ ECDSA_384: new Uint8Array(49) }))).toBe(1);
  });

  it("counts contract ids, RSA and unset keys as 0", () => {
    expect(countKeys(decoded({ contractID: { contractNum: 1 } }))).toBe(0);
    expect(countKeys(decoded({ delegatableContractId: { contractNum: 1 } }))).toBe(0);
    expect(countKeys(decoded({ RSA_3072: new Uint8Array(4) }))).toBe(0);
    expect(countKeys(decoded({}))).toBe(0);
    expect(countKeys(null)).toBe(0);
  });

  it("takes the oneof member written last when several are on the wire", () => {
    const keyListThenContract = Uint8Array.from([
      ...proto.Key.encode({ keyList: { keys: [ed(1), ed(2)] } }).finish(),
      ...proto.Key.encode({ contractID: { contractNum: Long.fromNumber(1) } }).finish(),
    ]);
    expect(countKeys(proto.Key.decode(keyListThenContract))).toBe(0);
  });

  it("sums a list of keys", () => {
    expect(
      countKeysIn(
        proto.KeyList.decode(proto.KeyList.encode({ keys: [ed(1), { keyList: { keys: [ed(2), ed(3)] } }] }).finish())
          .keys,
      ),
    ).toBe(3);
    expect(countKeysIn(undefined)).toBe(0);
  });
});
