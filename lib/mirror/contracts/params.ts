import { invalidParameter } from "@/lib/http/errors";
import type { MirrorConfig } from "../config";
import { filtersOf } from "../filters";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimitFilter, parseOrderFilter, validateQuery, type Filter, type Operator, type Order, type ValueRule } from "../query";
import { timestampFilterNanos } from "../timestamp";
import { CONTRACT_PATH_PARAMETER, isContractIdOrAddress, parseContractPath, type ContractPath } from "./contract-path";

/** The query grammar of /contracts and /contracts/{contractIdOrAddress}. */

const DOTTED_OR_ENCODED_ID = /^((\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})$/;
const QUALIFIED_EVM_ADDRESS = /^(\d{1,4}\.)?(\d{1,5}\.)?[0-9A-Fa-f]{40}$/;

/** Upstream `isValidContractIdQueryParam`: an EVM address (no `0x`) only with eq, else a plain or encoded id. */
const isContractIdFilter: ValueRule = (op, value) => (QUALIFIED_EVM_ADDRESS.test(value) ? op === "eq" : DOTTED_OR_ENCODED_ID.test(value));

const CONTRACTS_PARAMETERS = { "contract.id": isContractIdFilter, limit: RULES.limit, order: RULES.order };

/** A `contract.id` filter; an EVM address is resolved to its contract before the query. */
export type ContractIdFilter = { op: Operator; path: ContractPath };
export type ContractsParams = { contractIds: ContractIdFilter[]; order: Order; limit: number };

export function parseContractsParams(query: RequestQuery, config: MirrorConfig): ContractsParams {
  validateQuery(query, CONTRACTS_PARAMETERS, config.maxRepeatedQueryParameters);
  return {
    // Upstream reads each value as a contract path (`computeContractIdFromString`), its messages included.
    contractIds: filtersOf(query, "contract.id").map(({ op, value }) => ({ op, path: parseContractPath(value, config.system) })),
    order: parseOrderFilter(query.values("order"), "desc")!,
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
  };
}

/** A `timestamp` filter of /contracts/{id}: the entity version whose validity range meets it. */
export type TimestampRangeFilter = { op: Operator; nanos: bigint };
export type ContractByIdParams = { path: ContractPath; timestamps: TimestampRangeFilter[] };

const CONTRACT_BY_ID_PARAMETERS = { timestamp: RULES.timestamp };

/** The path is checked first, then the query (upstream `extractContractIdAndFiltersFromValidatedRequest`). */
export function parseContractByIdParams(query: RequestQuery, rawPath: unknown, config: MirrorConfig): ContractByIdParams {
  if (!isContractIdOrAddress(rawPath)) throw invalidParameter(CONTRACT_PATH_PARAMETER);
  validateQuery(query, CONTRACT_BY_ID_PARAMETERS, config.maxRepeatedQueryParameters);
  // Upstream parses the id only when it builds the query, so with its generic message.
  const path = parseContractPath(rawPath, config.system, { entityMessage: true });
  return { path, timestamps: filtersOf(query, "timestamp").map(toNanos) };
}

function toNanos({ op, value }: Filter): TimestampRangeFilter {
  return { op, nanos: timestampFilterNanos(value) };
}
