/**
 * Keccak-256 (the Ethereum hash, not NIST SHA3-256, which pads differently):
 * an ECDSA account's EVM address is the last 20 bytes of the hash of its
 * uncompressed public key. Node's crypto has only SHA3, so this is the
 * sponge over Keccak-f[1600] with bigint lanes; the seed hashes a few hundred keys.
 */
const MASK = (1n << 64n) - 1n;
const RATE = 136;

const ROUND_CONSTANTS = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n, 0x000000000000808bn, 0x0000000080000001n,
  0x8000000080008081n, 0x8000000000008009n, 0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n, 0x8000000000008002n, 0x8000000000000080n,
  0x000000000000800an, 0x800000008000000an, 0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];

/** Rotation offsets, indexed [x + 5y]. */
const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14].map(BigInt);

function rotate(lane: bigint, by: bigint): bigint {
  return by === 0n ? lane : ((lane << by) | (lane >> (64n - by))) & MASK;
}

function permute(state: bigint[]): void {
  const column = new Array<bigint>(5);
  const moved = new Array<bigint>(25);
  for (const constant of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++) column[x] = state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!;
    for (let x = 0; x < 5; x++) {
      const d = column[(x + 4) % 5]! ^ rotate(column[(x + 1) % 5]!, 1n);
      for (let y = 0; y < 25; y += 5) state[x + y]! ^= d;
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(state[x + 5 * y]!, ROTATIONS[x + 5 * y]!);
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) state[x + y] = moved[x + y]! ^ (~moved[((x + 1) % 5) + y]! & MASK & moved[((x + 2) % 5) + y]!);
    }
    state[0]! ^= constant;
  }
}

export function keccak256(data: Uint8Array): Buffer {
  const padded = Buffer.alloc((Math.floor(data.length / RATE) + 1) * RATE);
  padded.set(data);
  padded[data.length]! |= 0x01;
  padded[padded.length - 1]! |= 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE) {
    for (let lane = 0; lane < RATE / 8; lane++) state[lane]! ^= padded.readBigUInt64LE(offset + lane * 8);
    permute(state);
  }
  const out = Buffer.alloc(32);
  for (let lane = 0; lane < 4; lane++) out.writeBigUInt64LE(state[lane]!, lane * 8);
  return out;
}
