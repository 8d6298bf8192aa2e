import type { proto } from "@hiero-ledger/proto";

/**
 * `countKeys` (fees.md §4.5): primitive public keys in a key structure.
 * Ed25519 and both ECDSA kinds count 1; key lists and threshold keys count
 * their members (threshold ignored); contract ids, RSA and unset keys count 0.
 * Iterative, so a deeply nested key cannot exhaust the stack.
 */
export function countKeys(root: proto.IKey | null | undefined): number {
  if (!root) return 0;
  let count = 0;
  const pending: proto.IKey[] = [root];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    // Decoded keys are `proto.Key` instances; its `key` getter names the oneof member set last on the wire.
    switch ((key as proto.Key).key) {
      case "ed25519":
      case "ECDSASecp256k1":
      case "ECDSA_384":
        count += 1;
        break;
      case "keyList":
        pushAll(pending, key.keyList?.keys);
        break;
      case "thresholdKey":
        pushAll(pending, key.thresholdKey?.keys?.keys);
        break;
      default:
        break;
    }
  }
  return count;
}

/** Σ countKeys over a list of keys (a `KeyList`, a fee-exempt key list). */
export function countKeysIn(keys: readonly proto.IKey[] | null | undefined): number {
  let count = 0;
  for (const key of keys ?? []) count += countKeys(key);
  return count;
}

function pushAll(pending: proto.IKey[], keys: readonly proto.IKey[] | null | undefined): void {
  for (const key of keys ?? []) pending.push(key);
}
