import { createECDH } from "node:crypto";
import { proto } from "@hiero-ledger/proto";
import { keccak256 } from "./keccak";
import type { Random } from "./random";

/**
 * Key material of the demo ledger. ECDSA(secp256k1) keys are real points
 * derived from seeded private keys, so their EVM addresses are what a wallet
 * computes; ED25519 keys are seeded 32-byte strings, which no reader of the
 * mirror API checks against the curve. No private key is kept.
 */
export type PublicKey = { type: "ED25519" | "ECDSA_SECP256K1"; bytes: Buffer };

/** transaction_signature.type: the SignaturePair case. */
export const SIGNATURE_TYPE = { ED25519: 3, ECDSA_SECP256K1: 6 } as const;

export function ed25519Key(random: Random): PublicKey {
  return { type: "ED25519", bytes: random.bytes(32) };
}

export function ecdsaKey(random: Random): PublicKey & { evmAddress: Buffer } {
  const ecdh = createECDH("secp256k1");
  for (;;) {
    try {
      ecdh.setPrivateKey(random.bytes(32));
      break;
    } catch {
      // Not below the curve order: draw again (probability about 2^-128).
    }
  }
  const uncompressed = ecdh.getPublicKey();
  return {
    type: "ECDSA_SECP256K1",
    bytes: ecdh.getPublicKey(null, "compressed"),
    evmAddress: keccak256(uncompressed.subarray(1)).subarray(12),
  };
}

/** The serialized protobuf `Key` of one key, as entity.key and aliases hold it. */
export function keyBytes(key: PublicKey): Buffer {
  return Buffer.from(proto.Key.encode(keyMessage(key)).finish());
}

/** A `threshold`-of-n key (a plain key list when threshold is n). */
export function multiKeyBytes(keys: readonly PublicKey[], threshold: number): Buffer {
  const list = { keys: keys.map(keyMessage) };
  const message = threshold === keys.length ? { keyList: list } : { thresholdKey: { threshold, keys: list } };
  return Buffer.from(proto.Key.encode(message).finish());
}

function keyMessage(key: PublicKey): proto.IKey {
  return key.type === "ED25519" ? { ed25519: key.bytes } : { ECDSASecp256k1: key.bytes };
}

/** A 64-byte signature of the right shape (the mirror stores, never verifies them). */
export function signatureBytes(random: Random): Buffer {
  return random.bytes(64);
}

const RSA_3072_SPKI_PREFIX = "308201a2300d06092a864886f70d01010105000382018f003082018a0282018100";
const RSA_EXPONENT_65537 = "0203010001";

/** A node's RSA-3072 public key as the address book holds it: hex of its DER SubjectPublicKeyInfo. */
export function rsaPublicKeyHex(random: Random): string {
  const modulus = random.bytes(384);
  modulus[0]! |= 0x80;
  return `${RSA_3072_SPKI_PREFIX}${modulus.toString("hex")}${RSA_EXPONENT_65537}`;
}
