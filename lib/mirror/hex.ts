/** Bytes as EVM data are shown: `0x` and lower-case hex, left-padded with zeros to `digits` when given (upstream `toHexString`). */
export function hexString(bytes: Uint8Array | null | undefined, digits = 0): string {
  return `0x${Buffer.from(bytes ?? []).toString("hex").padStart(digits, "0")}`;
}
