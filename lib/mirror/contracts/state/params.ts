import { badRequest } from "@/lib/http/errors";
import type { MirrorConfig } from "../../config";
import { filtersOf } from "../../filters";
import { RULES } from "../../param-rules";
import { RequestQuery, parseLimitFilter, parseOrderFilter, validateQuery, type Operator, type Order, type ValueRule } from "../../query";
import { timestampFilterNanos } from "../../timestamp";

/** The query grammar of /contracts/{contractIdOrAddress}/state. */

const SLOT = /^(0x)?[0-9A-Fa-f]{1,64}$/;

const PARAMETERS = {
  limit: RULES.limit,
  order: RULES.order,
  slot: ((op, value) => op !== "ne" && SLOT.test(value)) as ValueRule,
  timestamp: RULES.timestamp,
};

export type SlotFilter = { op: Operator; slot: Uint8Array };
export type ContractStateParams = {
  /** As of these bounds on the change timestamps (eq read as lte); none: the current state. */
  timestamps: Array<{ op: Operator; nanos: bigint }>;
  slots: SlotFilter[];
  order: Order;
  limit: number;
};

export function parseContractStateParams(query: RequestQuery, config: MirrorConfig): ContractStateParams {
  validateQuery(query, PARAMETERS, config.maxRepeatedQueryParameters);
  const timestamps = filtersOf(query, "timestamp").map(({ op, value }) => ({ op: op === "eq" ? ("lte" as const) : op, nanos: timestampFilterNanos(value) }));
  const historical = timestamps.length > 0;
  return {
    timestamps,
    slots: filtersOf(query, "slot").map(({ op, value }) => ({ op, slot: slotBytes(value, historical) })),
    order: parseOrderFilter(query.values("order"), "asc")!,
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
  };
}

/** Upstream checks this once the contract is known, so an unknown address is a 404 first. */
export function assertNoTimestampNotEqual(params: ContractStateParams): void {
  if (params.timestamps.some((filter) => filter.op === "ne")) throw badRequest("Not equals (ne) operator is not supported for timestamp");
}

/**
 * A slot as stored (upstream `formatSlot`): contract_state keeps the 32-byte
 * slot, contract_state_change the slot without its leading zero bytes.
 * Decoded as Node's Buffer decodes hex (an odd last digit dropped), as there.
 */
function slotBytes(value: string, historical: boolean): Uint8Array {
  const hex = value.replace(/^0x/, "");
  if (!historical) return Uint8Array.from(Buffer.from(hex.padStart(64, "0"), "hex"));
  const trimmed = hex.replace(/^0+/, "");
  return Uint8Array.from(Buffer.from(trimmed.length % 2 === 0 ? trimmed : `0${trimmed}`, "hex"));
}
