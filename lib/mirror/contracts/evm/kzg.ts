import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";

/**
 * EIP-4844's point evaluation (`0x0a`) in pure JS: `verify_kzg_proof`, one
 * pairing check against the Ethereum KZG ceremony's [τ]₂, the only point of
 * the trusted setup a single-point proof needs.
 */
const { G1, G2 } = bls12_381;
const Fp12 = bls12_381.fields.Fp12;

/** The ceremony's `g2_monomial[1]`, compressed. */
const TAU_G2 = G2.Point.fromHex(
  "b5bfd7dd8cdeb128843bc287230af38926187075cbfbefa81009a2ce615ac53d2914e5870cb452d2afaaab24f3499f72185cbfee53492714734429b7b38608e23926c911cceceac9a36851477ba4c60b087041de621000edc98edada20c1def2",
);
/** BLS12-381's scalar field modulus. */
const BLS_MODULUS = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const FIELD_ELEMENTS_PER_BLOB = 4096n;
const VERSIONED_HASH_VERSION_KZG = 0x01;

/** The precompile's gas (`POINT_EVALUATION_PRECOMPILE_GAS`). */
export const POINT_EVALUATION_GAS = 50_000n;

const word = (value: bigint) => Uint8Array.from(Buffer.from(value.toString(16).padStart(64, "0"), "hex"));
/** `FIELD_ELEMENTS_PER_BLOB` and `BLS_MODULUS`, the answer of a valid proof. */
const VALID = Uint8Array.from([...word(FIELD_ELEMENTS_PER_BLOB), ...word(BLS_MODULUS)]);

const toBigInt = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString("hex")}`);

/**
 * The precompile's output for 192 bytes of input (versioned hash, z, y,
 * commitment, proof), or undefined when the input is not a valid proof (the
 * precompile then fails).
 */
export function pointEvaluation(input: Uint8Array): Uint8Array | undefined {
  if (input.length !== 192) return undefined;
  const commitment = input.subarray(96, 144);
  const versioned = sha256(commitment);
  versioned[0] = VERSIONED_HASH_VERSION_KZG;
  if (!Buffer.from(versioned).equals(Buffer.from(input.subarray(0, 32)))) return undefined;
  const z = toBigInt(input.subarray(32, 64));
  const y = toBigInt(input.subarray(64, 96));
  if (z >= BLS_MODULUS || y >= BLS_MODULUS) return undefined;
  try {
    const polynomial = G1.Point.fromBytes(commitment);
    const proof = G1.Point.fromBytes(input.subarray(144, 192));
    // e(proof, [τ − z]₂) = e(commitment − [y]₁, [1]₂)
    const pairing = bls12_381.pairingBatch([
      { g1: proof, g2: TAU_G2.subtract(G2.Point.BASE.multiplyUnsafe(z)) },
      { g1: polynomial.subtract(G1.Point.BASE.multiplyUnsafe(y)).negate(), g2: G2.Point.BASE },
    ]);
    return Fp12.eql(pairing, Fp12.ONE) ? VALID : undefined;
  } catch {
    // A point that does not decode or is not in the subgroup.
    return undefined;
  }
}
