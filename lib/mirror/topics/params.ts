import { invalidParameter, notFound } from "@/lib/http/errors";
import type { MirrorConfig } from "../config";
import { encodeEntityId, parseEntityId } from "../entity-id";
import { javaBadRequest } from "../errors";
import { filtersOf } from "../filters";
import { rejectUnknownParameters } from "../network/unknown-parameters";
import { RULES, isPositiveLong, isTimestampParam } from "../param-rules";
import { ParameterErrors, RequestQuery, parseLimitFilter, parseOrderFilter, validateQuery, type Operator, type Order, type ValueRule } from "../query";
import { parseTimestamp, timestampFilterNanos } from "../timestamp";

/** The query grammar of the topic endpoints. */

// rest-java's EntityIdNumParameter: `[[shard.]realm.]num`, no encoded ids, no EVM addresses.
const NUM_ID = /^(?:(\d{1,4})\.)?(?:(\d{1,5})\.)?(\d{1,12})$/;
const NO_PARAMETERS = new Set<string>();

/**
 * The topic id of rest-java's `/topics/{id}` path, which takes no query
 * parameters. A single prefix is the realm. Spring reports a value that does
 * not parse as a missing path variable, and one whose parts are out of range
 * as a failed conversion.
 */
export function parseTopicInfoParams(query: RequestQuery, rawId: unknown, config: MirrorConfig): bigint {
  const match = typeof rawId === "string" ? NUM_ID.exec(rawId) : null;
  if (!match) throw javaBadRequest("Invalid value for path variable 'id'");
  const [, first, second, num] = match;
  const shard = first !== undefined && second !== undefined ? BigInt(first) : config.system.shard;
  const realm = second !== undefined ? BigInt(second) : first !== undefined ? BigInt(first) : config.system.realm;
  const id = encodeEntityId(shard, realm, BigInt(num!));
  if (id === undefined) throw javaBadRequest("Failed to convert 'id'");
  rejectUnknownParameters(query, NO_PARAMETERS);
  return id;
}

/** `encoding=utf-8` (or `utf8`, any case) shows the message as text; anything else as base64. */
export type MessageEncoding = "base64" | "utf-8";

// Upstream accepts every operator, `ne` included, on both filters.
const MESSAGES_PARAMETERS = {
  encoding: ((_op, value) => /^(base64|utf-?8)$/i.test(value)) as ValueRule,
  limit: RULES.limit,
  order: RULES.order,
  sequencenumber: ((_op, value) => isPositiveLong(value)) as ValueRule,
  timestamp: RULES.timestamp,
};

type Bound = { op: Operator; value: bigint };
export type TopicMessagesParams = { topicId: bigint; sequenceNumbers: Bound[]; timestamps: Bound[]; order: Order; limit: number; encoding: MessageEncoding };

export function parseTopicMessagesParams(query: RequestQuery, rawId: unknown, config: MirrorConfig): TopicMessagesParams {
  const topicId = typeof rawId === "string" ? parseEntityId(rawId, config.system) : undefined;
  if (topicId === undefined) throw invalidParameter("topic.id");
  validateQuery(query, MESSAGES_PARAMETERS, config.maxRepeatedQueryParameters);
  const encoding = query.values("encoding").at(-1);
  return {
    topicId,
    sequenceNumbers: filtersOf(query, "sequencenumber").map(({ op, value }) => ({ op, value: BigInt(value) })),
    timestamps: filtersOf(query, "timestamp").map(({ op, value }) => ({ op, value: timestampFilterNanos(value) })),
    order: parseOrderFilter(query.values("order"), "asc")!,
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
    encoding: encoding !== undefined && /^utf-?8$/i.test(encoding) ? "utf-8" : "base64",
  };
}

/** `secs.nanos` in place of a sequence number: the message at that consensus timestamp (our addition). */
const CONSENSUS_TIMESTAMP = /^\d{1,10}\.\d{1,9}$/;

/** One message of a topic, by its sequence number or its consensus timestamp. */
export type TopicMessageKey = { topicId: bigint } & ({ sequenceNumber: bigint } | { consensusTimestamp: bigint });

/** The {topicId} and {sequenceNumber} path; the route takes no query parameters. */
export function parseTopicMessageKey(query: RequestQuery, rawId: unknown, rawKey: unknown, config: MirrorConfig): TopicMessageKey {
  validateQuery(query, {}, config.maxRepeatedQueryParameters, { inRequestOrder: true });
  const errors = new ParameterErrors();
  const topicId = typeof rawId === "string" ? parseEntityId(rawId, config.system) : undefined;
  if (topicId === undefined) errors.invalidParameter("topic.id");
  const key = typeof rawKey === "string" ? messageKey(rawKey) : undefined;
  if (key === undefined) errors.invalidParameter("sequencenumber");
  errors.throwIfAny();
  return { topicId: topicId!, ...key! };
}

function messageKey(text: string): { sequenceNumber: bigint } | { consensusTimestamp: bigint } | undefined {
  if (isPositiveLong(text)) return { sequenceNumber: BigInt(text) };
  if (!CONSENSUS_TIMESTAMP.test(text)) return undefined;
  // Ten digits of seconds can pass int64, which is then no consensus timestamp.
  const nanos = parseTimestamp(text);
  return nanos === undefined ? undefined : { consensusTimestamp: nanos };
}

/** The {timestamp} path of /topics/messages/{timestamp}; the route takes no query parameters. */
export function parseMessageTimestamp(query: RequestQuery, raw: unknown, config: MirrorConfig): bigint {
  validateQuery(query, {}, config.maxRepeatedQueryParameters, { inRequestOrder: true });
  if (typeof raw !== "string" || !isTimestampParam(raw)) throw invalidParameter("consensus_timestamp");
  // Ten digits of seconds can pass int64: no transaction is that late.
  const timestamp = parseTimestamp(raw);
  if (timestamp === undefined) throw notFound();
  return timestamp;
}
