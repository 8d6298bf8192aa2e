import type Long from "long";
import protobuf from "protobufjs";

/** An int64 field as protobufjs decodes it: a `Long` (anything with an exact `toString`) or a small number. */
export type ProtoInt64 = number | { toString(): string } | null | undefined;

/** protobufjs hands int64 fields over as `Long`; the mirror works in bigint. A missing field is 0, as in protobuf. */
export function longToBigInt(value: ProtoInt64): bigint {
  if (value === null || value === undefined) return 0n;
  return BigInt(value.toString());
}

// protobufjs's runtime Long is long.js, whose type the generated protos use.
const LongClass = protobuf.util.Long as unknown as typeof Long;

/** A bigint as the `Long` protobufjs writes int64 fields from. */
export function bigIntToLong(value: bigint): Long {
  return LongClass.fromString(value.toString());
}
