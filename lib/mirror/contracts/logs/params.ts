import { badRequest } from "@/lib/http/errors";
import { ColumnBound, validateBounds } from "../../allowances/two-column-bounds";
import type { MirrorConfig } from "../../config";
import { RULES } from "../../param-rules";
import { parseLimitFilter, parseOrderFilter, splitOperator, validateQuery, type Filter, type Order, type RequestQuery, type ValueRule } from "../../query";
import { NANOS_PER_DAY, timestampFilterNanos } from "../../timestamp";
import type { TopicColumn } from "./queries";

/**
 * The query of the contract log lists (upstream `getContractLogsById` and
 * `getContractLogs`), read in upstream's order: the values, a timestamp
 * range of one instant as `eq`, the timestamps topics need; then, once the
 * path contract is known, the (timestamp, index) keyset and its rules.
 */

const TOPICS: readonly TopicColumn[] = ["topic0", "topic1", "topic2", "topic3"];

/**
 * `index` is an integer column. Upstream accepts any non-negative number and
 * fails in the database (a 503) on one the column cannot hold (`1.5`,
 * `2147483648`); here that is `Invalid parameter: index`.
 */
const MAX_INDEX = 2n ** 31n - 1n;
const isIndexParam: ValueRule = (_op, value) => /^\d{1,10}$/.test(value) && BigInt(value) <= MAX_INDEX;

/** A topic: up to 32 bytes of hex, equality only. */
const isTopicParam: ValueRule = (op, value) => op === "eq" && /^(0x)?[0-9A-Fa-f]{1,64}$/.test(value);

/** An Ethereum transaction hash (32 bytes) or a Hedera one (48), equality only. */
const isTransactionHashParam: ValueRule = (op, value) => op === "eq" && /^(0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/.test(value);

const BY_CONTRACT_RULES: Readonly<Record<string, ValueRule>> = {
  index: isIndexParam,
  limit: RULES.limit,
  order: RULES.order,
  timestamp: RULES.timestamp,
  ...Object.fromEntries(TOPICS.map((topic) => [topic, isTopicParam])),
};

/** /contracts/results/logs also takes `transaction.hash`. */
const ALL_CONTRACTS_RULES: Readonly<Record<string, ValueRule>> = { ...BY_CONTRACT_RULES, "transaction.hash": isTransactionHashParam };

/** upstream's `query.maxTimestampRange`: how long a timestamp range a topic search may cover. */
const MAX_TOPIC_TIMESTAMP_RANGE = { text: "7d", nanos: 7n * NANOS_PER_DAY };

type KeyedFilter = Filter & { key: string };

/** The validated query, before its keyset is built. */
export type ContractLogFilters = { filters: readonly KeyedFilter[]; limit: number; order: Order };

export type ContractLogParams = {
  limit: number;
  order: Order;
  timestamp: ColumnBound;
  index: ColumnBound;
  topics: Array<{ column: TopicColumn; values: Uint8Array[] }>;
  /** `transaction.hash` (/contracts/results/logs only). */
  transactionHash?: Uint8Array;
};

/** Checks and reads the query; `allContracts` for /contracts/results/logs. */
export function readContractLogFilters(query: RequestQuery, config: MirrorConfig, allContracts: boolean): ContractLogFilters {
  validateQuery(query, allContracts ? ALL_CONTRACTS_RULES : BY_CONTRACT_RULES, config.maxRepeatedQueryParameters);
  const filters = asOneInstant(query.keys().flatMap((key) => query.values(key).map((raw) => ({ key, ...splitOperator(raw)! }))));
  checkTimestampsForTopics(filters);
  return {
    filters,
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
    order: parseOrderFilter(query.values("order"), "desc")!,
  };
}

/** The keyset and the other filters (upstream `extractContractLogsMultiUnionQuery`), its errors in upstream's order. */
export function contractLogParams({ filters, limit, order }: ContractLogFilters): ContractLogParams {
  const timestamp = new ColumnBound("timestamp", "consensus_timestamp");
  const index = new ColumnBound("index", "index");
  const topics = new Map<TopicColumn, Uint8Array[]>();
  let transactionHash: Uint8Array | undefined;
  for (const filter of filters) {
    if (filter.key === "timestamp") timestamp.add(filter.op, timestampFilterNanos(filter.value));
    else if (filter.key === "index") index.add(filter.op, BigInt(filter.value));
    else if (isTopic(filter.key)) topics.set(filter.key, [...(topics.get(filter.key) ?? []), topicBytes(filter.value)]);
    else if (filter.key === "transaction.hash") {
      if (transactionHash) throw badRequest("Only one transaction.hash filter is allowed");
      transactionHash = hexBytes(filter.value);
    }
  }
  if (index.equal && !timestamp.equal) throw badRequest("timestamp must have eq operator");
  validateBounds(timestamp, index);
  return { limit, order, timestamp, index, topics: [...topics].map(([column, values]) => ({ column, values })), ...(transactionHash && { transactionHash }) };
}

/** A bound of the timestamp, `eq` at the given instant: the transaction a `transaction.hash` names. */
export function timestampAt(nanos: bigint): ColumnBound {
  const bound = new ColumnBound("timestamp", "consensus_timestamp");
  bound.add("eq", nanos);
  return bound;
}

const isTopic = (key: string): key is TopicColumn => (TOPICS as readonly string[]).includes(key);

/**
 * upstream's `alterTimestampRange`: exactly two timestamps, `gte` and `lte`
 * of one instant, are that instant (`eq`, read last).
 */
function asOneInstant(filters: KeyedFilter[]): KeyedFilter[] {
  const timestamps = filters.filter((filter) => filter.key === "timestamp");
  if (timestamps.length !== 2) return filters;
  const [first, second] = timestamps.map((filter) => ({ ...filter, nanos: timestampFilterNanos(filter.value) }));
  const ops = new Set([first!.op, second!.op]);
  if (first!.nanos !== second!.nanos || !ops.has("gte") || !ops.has("lte")) return filters;
  return [...filters.filter((filter) => filter.key !== "timestamp"), { key: "timestamp", op: "eq", value: first!.value }];
}

/**
 * A topic is searched within a timestamp range (upstream
 * `checkTimestampsForTopics`, with `parseTimestampFilters`' strict rules):
 * one instant or instants, or both bounds at most 7 days apart.
 */
function checkTimestampsForTopics(filters: readonly KeyedFilter[]): void {
  if (!filters.some((filter) => isTopic(filter.key))) return;
  const problem = timestampRangeProblem(filters.filter((filter) => filter.key === "timestamp"));
  if (problem) throw badRequest(`Cannot search topics without a valid timestamp range: ${problem}`);
}

function timestampRangeProblem(timestamps: readonly Filter[]): string | undefined {
  if (timestamps.length === 0) return "No timestamp range or eq operator provided";
  let earliest: bigint | undefined;
  let latest: bigint | undefined;
  let lowers = 0;
  let uppers = 0;
  const counts = { eq: 0, ne: 0 };
  for (const { op, value } of timestamps) {
    const nanos = timestampFilterNanos(value);
    if (op === "eq" || op === "ne") counts[op] += 1;
    else if (op === "gt" || op === "gte") {
      const bound = op === "gt" ? nanos + 1n : nanos;
      earliest = earliest === undefined || bound > earliest ? bound : earliest;
      lowers += 1;
    } else {
      const bound = op === "lt" ? nanos - 1n : nanos;
      latest = latest === undefined || bound < latest ? bound : latest;
      uppers += 1;
    }
  }
  if (counts.ne > 0) return "Not equals operator not supported for timestamp param";
  if (lowers > 1) return "Multiple gt or gte operators not permitted for timestamp param";
  if (uppers > 1) return "Multiple lt or lte operators not permitted for timestamp param";
  if (counts.eq > 0 && (lowers > 0 || uppers > 0)) return "Cannot combine eq with ne, gt, gte, lt, or lte for timestamp param";
  if (counts.eq === 0 && (lowers === 0 || uppers === 0)) return "Timestamp range must have gt (or gte) and lt (or lte), or eq operator";
  if (earliest !== undefined && latest !== undefined) {
    const length = latest - earliest + 1n;
    if (length <= 0n || length > MAX_TOPIC_TIMESTAMP_RANGE.nanos) {
      return `Timestamp range by the lower and upper bounds must be positive and within ${MAX_TOPIC_TIMESTAMP_RANGE.text}`;
    }
  }
  return undefined;
}

/** A topic as stored: leading zeros dropped, whole bytes (`0x00a` is the byte 0a). */
function topicBytes(value: string): Uint8Array {
  const digits = value.replace(/^(0x)?0*/, "");
  return Uint8Array.from(Buffer.from(digits.length % 2 === 0 ? digits : `0${digits}`, "hex"));
}

function hexBytes(value: string): Uint8Array {
  return Uint8Array.from(Buffer.from(value.replace(/^0x/, ""), "hex"));
}
