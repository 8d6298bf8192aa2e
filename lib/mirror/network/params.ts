import { parseEntityId, systemEntityId, type SystemShardRealm } from "../entity-id";
import { javaBadRequest, javaBadRequestWithoutData } from "../errors";
import { ParameterErrors, parseLimit, parseOrder, splitOperator, type Order, type RequestQuery } from "../query";
import { javaLimit, javaNumberRanges, javaOrder, limitViolations, sizeViolations, throwViolations, type RangeParam } from "../rest-java/params";
import { isPositiveLong } from "../param-rules";
import { MAX_INT64, parseTimestamp } from "../timestamp";
import { rejectUnknownParameters } from "./unknown-parameters";
import { NODE_DETAILS_FILE_NUM } from "../system-entities";

/**
 * The query grammar of the /network endpoints (rest-java's): each parses its
 * known parameters as rest-java binds them, then rejects the unknown ones.
 */

/**
 * The `timestamp` parameter of upstream's Java network endpoints: at most two
 * values, operators eq|gt|gte|lt|lte (eq is an upper bound), seconds with up
 * to 17 digits. Bounds are inclusive nanoseconds.
 */
export type TimestampRange = { lower: bigint; upper: bigint; hasUpper: boolean };

const MAX_VALUES = 2;
const JAVA_SECOND_DIGITS = 17;

export function parseTimestampRange(values: readonly string[]): TimestampRange {
  if (values.length > MAX_VALUES) throw javaBadRequest("Failed to convert 'timestamp'");
  let lower: bigint | undefined;
  let upper: bigint | undefined;
  for (const raw of values) {
    const filter = splitOperator(raw);
    const nanos = filter && filter.op !== "ne" ? parseTimestamp(filter.value, JAVA_SECOND_DIGITS) : undefined;
    if (!filter || nanos === undefined) throw javaBadRequest("Failed to convert 'timestamp'");
    if (filter.op === "gt" || filter.op === "gte") {
      if (lower !== undefined) throw javaBadRequest("Invalid range provided for timestamp");
      lower = filter.op === "gt" ? nanos + 1n : nanos;
    } else {
      if (upper !== undefined) throw javaBadRequest("Invalid range provided for timestamp");
      upper = filter.op === "lt" ? nanos - 1n : nanos;
    }
  }
  const range = { lower: lower ?? 0n, upper: upper ?? MAX_INT64, hasUpper: upper !== undefined };
  if (range.lower > range.upper) throw javaBadRequest("Invalid range provided for timestamp");
  return range;
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

/** A node id as a bound in a link reads back; undefined when it is none. */
export function parseNodeId(text: string): bigint | undefined {
  return isPositiveLong(text, true) ? BigInt(text) : undefined;
}

const EXCHANGE_RATE_PARAMETERS = new Set(["timestamp"]);

export function parseExchangeRateParams(query: RequestQuery): TimestampRange {
  const range = parseTimestampRange(query.values("timestamp"));
  rejectUnknownParameters(query, EXCHANGE_RATE_PARAMETERS);
  return range;
}

const FEES_PARAMETERS = new Set(["timestamp", "order"]);

export function parseFeesParams(query: RequestQuery): { range: TimestampRange; order: Order } {
  const range = parseTimestampRange(query.values("timestamp"));
  const order = javaOrder(query);
  rejectUnknownParameters(query, FEES_PARAMETERS);
  return { range, order };
}

const NODES_PARAMETERS = new Set(["file.id", "node.id", "limit", "order"]);
/** rest-java's own page size for nodes, not the JS `response.limit`. */
const NODES_LIMIT = { default: 10, max: 25 };
const NODE_ID = /^((eq|gt|gte|lt|lte):)?\d{1,19}$/;

/** The nodes of one address book file with ids within [lower, upper] and, when any, among `equal`. */
export type NodesParams = { fileId: bigint; lower: bigint; upper: bigint; equal: bigint[]; limit: number; order: Order };

export function parseNodesParams(query: RequestQuery, system: SystemShardRealm): NodesParams {
  const fileIds = query.values("file.id");
  if (fileIds.length > 1) throw javaBadRequestWithoutData("Only a single instance is supported for file.id");
  const errors = new ParameterErrors();
  let fileId = systemEntityId(system, NODE_DETAILS_FILE_NUM);
  const fileFilter = fileIds[0] === undefined ? undefined : splitOperator(fileIds[0]);
  if (fileIds[0] !== undefined) {
    const parsed = fileFilter && parseEntityId(fileFilter.value, system);
    if (parsed === undefined) errors.invalidParameter("file.id");
    else fileId = parsed;
  }
  const nodeFilters = query.values("node.id").map((raw) => (NODE_ID.test(raw) ? splitOperator(raw) : undefined));
  const nodeValues = nodeFilters.map((filter) => filter && parseNodeId(filter.value));
  if (nodeValues.some((value) => value === undefined)) errors.invalidParameter("node.id");
  // Spring binds one value of a repeated single-valued parameter: the first.
  const limit = parseLimit(query.values("limit").slice(0, 1), NODES_LIMIT);
  if (limit === undefined) errors.invalidParameter("limit");
  const order = parseOrder(query.values("order").slice(0, 1), "asc");
  if (order === undefined) errors.invalidParameter("order");
  errors.throwIfAny();
  if (fileFilter && fileFilter.op !== "eq") throw javaBadRequestWithoutData("Only equality operator is supported for file.id");

  let lower = 0n;
  let upper = MAX_INT64;
  const equal: bigint[] = [];
  nodeFilters.forEach((filter, index) => {
    const value = nodeValues[index]!;
    if (filter!.op === "eq") equal.push(value);
    else if (filter!.op === "gt" || filter!.op === "gte") lower = maxOf(lower, filter!.op === "gt" ? value + 1n : value);
    else upper = minOf(upper, filter!.op === "lt" ? value - 1n : value);
  });
  if (lower > upper) throw javaBadRequestWithoutData("Invalid range provided for node.id");
  rejectUnknownParameters(query, NODES_PARAMETERS);
  return { fileId, lower, upper, equal, limit: limit!, order: order! };
}

export const REGISTERED_NODE_ID = "registerednode.id";
const REGISTERED_NODES_PARAMETERS = new Set(["limit", "order", REGISTERED_NODE_ID, "type"]);

/** The `type` column's values (upstream's RegisteredNodeType ids); 0, unknown, is shown as a general service. */
export const REGISTERED_NODE_TYPES = { BLOCK_NODE: 1, GENERAL_SERVICE: 2, MIRROR_NODE: 3, RPC_RELAY: 4 } as const;
export type RegisteredNodeType = keyof typeof REGISTERED_NODE_TYPES;

/** Registered nodes with ids within [lower, upper] (`single`: the one eq names), optionally only those with an endpoint of one type. */
export type RegisteredNodesParams = { lower: bigint; upper: bigint; single: boolean; type: RegisteredNodeType | null; limit: number; order: Order };

/** As rest-java binds RegisteredNodesRequest: conversions first, then the constraints, then the id bounds. */
export function parseRegisteredNodesParams(query: RequestQuery): RegisteredNodesParams {
  const limit = javaLimit(query);
  const order = javaOrder(query);
  const ids = javaNumberRanges(query, REGISTERED_NODE_ID);
  const type = parseType(query);
  throwViolations([...limitViolations(limit), ...sizeViolations(query, REGISTERED_NODE_ID)]);
  const params = { ...idBounds(ids), type, limit, order };
  rejectUnknownParameters(query, REGISTERED_NODES_PARAMETERS);
  return params;
}

function parseType(query: RequestQuery): RegisteredNodeType | null {
  const raw = query.values("type")[0]?.trim();
  if (!raw) return null;
  if (!Object.hasOwn(REGISTERED_NODE_TYPES, raw)) throw javaBadRequest("Failed to convert 'type'");
  return raw as RegisteredNodeType;
}

function idBounds(ids: readonly RangeParam[]): Pick<RegisteredNodesParams, "lower" | "upper" | "single"> {
  let lower = 0n;
  let upper = MAX_INT64;
  for (const { op, value } of ids) {
    if (op === "eq") {
      if (ids.length > 1) throw javaBadRequest("The 'eq' operator cannot be combined with other operators");
      return { lower: value, upper: value, single: true };
    }
    if (op === "gt" || op === "gte") lower = maxOf(lower, op === "gt" ? value + 1n : value);
    else if (op === "lt" || op === "lte") upper = minOf(upper, op === "lt" ? value - 1n : value);
    else throw javaBadRequest(`Unsupported range operator ${op} for ${REGISTERED_NODE_ID}`);
  }
  if (lower > upper) throw javaBadRequest("Invalid range: lower bound exceeds upper bound");
  return { lower, upper, single: false };
}

const STAKE_PARAMETERS = new Set<string>();

export function parseStakeParams(query: RequestQuery): void {
  rejectUnknownParameters(query, STAKE_PARAMETERS);
}

const SUPPLY_PARAMETERS = new Set(["timestamp", "q"]);

/** `q`: one figure as plain text. */
export type SupplyFigure = "totalcoins" | "circulating";
/** Without a timestamp, the current supply; else as of `range`. */
export type SupplyParams = { range?: TimestampRange; figure?: SupplyFigure };

export function parseSupplyParams(query: RequestQuery): SupplyParams {
  const timestamps = query.values("timestamp");
  const range = parseTimestampRange(timestamps);
  const figure = parseFigure(query.values("q"));
  rejectUnknownParameters(query, SUPPLY_PARAMETERS);
  return { range: timestamps.length === 0 ? undefined : range, figure };
}

function parseFigure(values: readonly string[]): SupplyFigure | undefined {
  if (values.length === 0) return undefined;
  const figure = values.length === 1 ? values[0]!.toLowerCase() : "";
  if (figure !== "totalcoins" && figure !== "circulating") throw javaBadRequest("Failed to convert 'q'");
  return figure;
}
