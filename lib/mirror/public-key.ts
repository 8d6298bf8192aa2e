/** The DER prefix of an ED25519 SubjectPublicKeyInfo; what follows is the raw key. */
const ED25519_DER_PREFIX = "302a300506032b6570032100";

/**
 * A public key as `entity.public_key` stores it: lower-case hex without `0x`,
 * a DER-encoded ED25519 key reduced to its raw 32 bytes.
 */
export function normalizePublicKey(text: string): string {
  const hex = text.replace(/^0x/, "").toLowerCase();
  return hex.length === 88 && hex.startsWith(ED25519_DER_PREFIX) ? hex.slice(ED25519_DER_PREFIX.length) : hex;
}
