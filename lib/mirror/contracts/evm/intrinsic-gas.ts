/**
 * The gas a transaction pays before its first opcode (Besu's Cancun gas
 * calculator, which the consensus node uses): 21,000, 4 per zero and 16 per
 * other calldata byte, and for a create 32,000 plus 2 per initcode word (EIP-3860).
 * ethereumjs's `runCall` leaves it out, so every result adds it.
 */
export function intrinsicGas(data: Uint8Array, create: boolean): bigint {
  let gas = 21_000n;
  for (const byte of data) gas += byte === 0 ? 4n : 16n;
  if (create) gas += 32_000n + 2n * BigInt(Math.ceil(data.length / 32));
  return gas;
}
