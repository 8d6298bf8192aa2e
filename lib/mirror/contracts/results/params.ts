import { ApiError, badRequest, type ErrorMessage } from "@/lib/http/errors";
import { parseBlockNumber } from "../../blocks/params";
import type { MirrorConfig } from "../../config";
import { parseStringEntityId } from "../../entity-id-param";
import { filtersOf } from "../../filters";
import { RULES, isPositiveLong } from "../../param-rules";
import { RequestQuery, parseLimitFilter, parseOrderFilter, splitOperator, validateQuery, type Operator, type Order, type ValueRule } from "../../query";
import { timestampFilterNanos } from "../../timestamp";

/** The query grammar of /contracts/{contractIdOrAddress}/results and /contracts/results (upstream `acceptedContractResultsParameters`). */

const PLAIN_ID = /^((\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})$/;
const BARE_EVM_ADDRESS = /^(0x)?[0-9A-Fa-f]{40}$/;
const BLOCK_HASH = /^(0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/;

const PARAMETERS: Readonly<Record<string, ValueRule>> = {
  "block.hash": (op, value) => op === "eq" && BLOCK_HASH.test(value),
  "block.number": (op, value) => op === "eq" && parseBlockNumber(value) !== undefined,
  // An id, or an EVM address without shard and realm (upstream `EvmAddressType.NO_SHARD_REALM`); any operator.
  from: (_op, value) => PLAIN_ID.test(value) || BARE_EVM_ADDRESS.test(value),
  hbar: RULES.booleanEq,
  internal: RULES.booleanEq,
  limit: RULES.limit,
  order: RULES.order,
  timestamp: RULES.timestamp,
  "transaction.index": (op, value) => op === "eq" && isPositiveLong(value, true),
};

/** A `from` filter: the sender's id, or an EVM address that only a lookup turns into one. */
export type SenderFilter = { op: Operator; id: bigint } | { op: Operator; evmAddress: Uint8Array };

/** The block a page is confined to: by number, or by (a prefix of) its hash as given. */
export type BlockFilter = { number: bigint } | { hash: string };

export type ContractResultsParams = {
  senders: SenderFilter[];
  timestamps: Array<{ op: Operator; value: bigint }>;
  /** Upstream honours the last block filter. */
  block?: BlockFilter;
  transactionIndexes: bigint[];
  internal: boolean;
  /** `hbar` (default true): amounts in tinybars; false: weibars. Read by /contracts/results only. */
  hbar: boolean;
  order: Order;
  limit: number;
};

/**
 * Upstream's `buildAndValidateFilters` with the contract results rules
 * (`block.number` eq only), then its dependency check: `transaction.index`
 * needs a block, and a block is named by number or by hash, not both.
 */
export function parseContractResultsParams(query: RequestQuery, config: MirrorConfig): ContractResultsParams {
  validateQuery(query, PARAMETERS, config.maxRepeatedQueryParameters);
  checkDependencies(query);
  return {
    senders: filtersOf(query, "from").map(({ op, value }) => senderFilter(op, value, config)),
    timestamps: filtersOf(query, "timestamp").map(({ op, value }) => ({ op, value: timestampFilterNanos(value) })),
    block: blockFilter(query),
    transactionIndexes: filtersOf(query, "transaction.index").map(({ value }) => BigInt(value)),
    internal: lastValue(query, "internal")?.toLowerCase() === "true",
    hbar: true,
    order: parseOrderFilter(query.values("order"), "desc")!,
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
  };
}

/**
 * /contracts/results also reads `hbar` from the raw query (upstream
 * `parseHbarParam`): a repeated or operator-prefixed value, valid to the
 * validator, is then refused.
 */
export function parseHbar(query: RequestQuery): boolean {
  const values = query.values("hbar");
  if (values.length === 0) return true;
  const value = values.length === 1 ? values[0]!.toLowerCase() : undefined;
  if (value === "true" || value === "false") return value === "true";
  throw badRequest(`Invalid hbar parameter value: ${values.join(",")}. Must be 'true' or 'false'`);
}

function checkDependencies(query: RequestQuery): void {
  const messages: ErrorMessage[] = [];
  const byNumber = query.has("block.number");
  const byHash = query.has("block.hash");
  if (query.has("transaction.index") && !byNumber && !byHash) {
    messages.push(usage("transaction.index", "transaction.index requires block.number or block.hash filter to be specified"));
  }
  if (byNumber && byHash) messages.push(usage("block.hash", "cannot combine block.number and block.hash"));
  if (messages.length > 0) throw new ApiError(400, messages);
}

function usage(key: string, reason: string): ErrorMessage {
  return { message: `Invalid parameter usage: ${key} - ${reason}` };
}

/** An id in the system shard and realm (upstream `parseString` with `paramName` from: a 400 naming it otherwise), or an address to look up. */
function senderFilter(op: Operator, value: string, config: MirrorConfig): SenderFilter {
  const parsed = parseStringEntityId(value, config.system);
  if ("id" in parsed) return { op, id: parsed.id };
  if ("evmAddress" in parsed) return { op, evmAddress: Uint8Array.from(Buffer.from(parsed.evmAddress, "hex")) };
  throw badRequest("Invalid parameter: from");
}

/** The dependency check leaves at most one of the two keys. */
function blockFilter(query: RequestQuery): BlockFilter | undefined {
  const number = lastValue(query, "block.number");
  if (number !== undefined) return { number: parseBlockNumber(number)! };
  const hash = lastValue(query, "block.hash");
  return hash === undefined ? undefined : { hash: hash.startsWith("0x") ? hash.slice(2) : hash };
}

/** The value of a key's last filter, as upstream's loop over every filter leaves it. */
function lastValue(query: RequestQuery, key: string): string | undefined {
  const raw = query.values(key).at(-1);
  return raw === undefined ? undefined : splitOperator(raw)!.value;
}
