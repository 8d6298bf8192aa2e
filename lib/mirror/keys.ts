/**
 * Keys are stored as serialized protobuf `Key` bytes and rendered as
 * `{_type, key}`: a bare ED25519 or ECDSA(secp256k1) key, also when wrapped in
 * a one-key list or a 1-of-1 threshold key, is shown as that key; anything
 * else as the full protobuf hex. An empty key list means "no key".
 */
export type RenderedKey = { _type: "ED25519" | "ECDSA_SECP256K1" | "ProtobufEncoded"; key: string };

const ED25519 = /^(?:1220|32240a221220|2a28080112240a221220)([0-9a-f]{64})$/;
const ECDSA_SECP256K1 = /^(?:3a21|32250a233a21|2a29080112250a233a21)([0-9a-f]{66})$/;
const EMPTY_KEY_LIST = "3200";

export function formatKey(bytes: Uint8Array | null | undefined): RenderedKey | null {
  if (!bytes) return null;
  const hex = Buffer.from(bytes).toString("hex");
  if (hex === EMPTY_KEY_LIST) return null;
  const ed25519 = ED25519.exec(hex);
  if (ed25519) return { _type: "ED25519", key: ed25519[1]! };
  const ecdsa = ECDSA_SECP256K1.exec(hex);
  if (ecdsa) return { _type: "ECDSA_SECP256K1", key: ecdsa[1]! };
  return { _type: "ProtobufEncoded", key: hex };
}
