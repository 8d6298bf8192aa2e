/**
 * Byte columns as upstream JS writes them (`utils.toHexString`): `0x` and
 * lower-case hex, `0x` alone for null or no bytes; left-padded with zeros to
 * `digits` when given.
 */
export function hexBytes(bytes: Uint8Array | null | undefined, digits = 0): string {
  return `0x${Buffer.from(bytes ?? []).toString("hex").padStart(digits, "0")}`;
}

/**
 * An Ethereum quantity as upstream writes one (`toHexStringQuantity`): `0x`
 * hex with one leading zero digit dropped (`0x012a` is `0x12a`, `0x00` is `0x0`).
 */
export function hexQuantity(hex: string): string {
  return hex.length > 3 ? hex.replace("0x0", "0x") : hex;
}
