import { invalidParameter } from "@/lib/http/errors";
import type { SystemShardRealm } from "../entity-id";
import { entityIdValue, isNumericEntityIdParam } from "../entity-id-param";
import { isPositiveLong } from "../param-rules";
import type { ValueRule } from "../query";

/** `{tokenId}`: an id or a long-zero EVM address (upstream parses it with `allowEvmAddress: false`). */
export function tokenIdPath(raw: unknown, system: SystemShardRealm): bigint {
  const id = typeof raw === "string" && isNumericEntityIdParam("eq", raw) ? entityIdValue(raw, system) : null;
  if (id === null) throw invalidParameter("tokenid");
  return id;
}

/** `{serialNumber}`: a positive int64. */
export function serialNumberPath(raw: unknown): bigint {
  if (typeof raw !== "string" || !isPositiveLong(raw)) throw invalidParameter("serialnumber");
  return BigInt(raw);
}

/** The `serialnumber` query parameter: a positive int64 under any operator. */
export const isSerialNumberParam: ValueRule = (_op, value) => isPositiveLong(value);

/** A serial number in a query value; undefined when it is not one. */
export function parseSerialNumber(text: string): bigint | undefined {
  return isPositiveLong(text) ? BigInt(text) : undefined;
}
