import type Long from "long";
import protobuf from "protobufjs";

/** An int64 field as protobufjs decodes it: a `Long`, or a plain number when Long support is absent. */
export type ProtoInt64 = Long | number | null | undefined;

/**
 * protobufjs hands int64 fields over as `Long`; the mirror and the fee
 * estimator work in bigint. A missing field is 0, as in protobuf. Going
 * through the two 32-bit halves is exact and avoids string formatting on
 * the fee estimator's hot path.
 */
export function longToBigInt(value: ProtoInt64): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === "number") return BigInt(Math.trunc(value));
  const bits = (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
  return value.unsigned ? BigInt.asUintN(64, bits) : BigInt.asIntN(64, bits);
}

// protobufjs's runtime Long is long.js, whose type the generated protos use.
const LongClass = protobuf.util.Long as unknown as typeof Long;

/** A bigint as the `Long` protobufjs writes int64 fields from. */
export function bigIntToLong(value: bigint): Long {
  return LongClass.fromString(value.toString());
}
