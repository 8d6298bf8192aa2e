import type { SqlClient } from "@/lib/db";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, parseEntityId, systemEntityId, type SystemShardRealm } from "../entity-id";
import { javaBadRequest } from "../errors";
import { formatKey } from "../keys";
import { javaNextLink, linkHeader } from "../pagination";
import { ParameterErrors, RequestQuery, parseLimit, parseOrder, splitOperator, type Order } from "../query";
import { mirrorJson } from "../response";
import { MAX_INT64, formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import { stakingPeriod } from "./staking-period";
import { rejectUnknownParameters } from "./unknown-parameters";

const ACCEPTED = new Set(["file.id", "node.id", "limit", "order"]);
/** rest-java's own page size for nodes, not the JS `response.limit`. */
const LIMIT = { default: 10, max: 25 };
const DEFAULT_ADDRESS_BOOK_NUM = 102n;
const NODE_ID = /^((eq|gt|gte|lt|lte):)?\d{1,19}$/;
const PATH = "/api/v1/network/nodes";

type NodeFilter = { fileId: bigint; lower: bigint; upper: bigint; equal: bigint[]; limit: number; order: Order };

type NodeRow = {
  node_id: bigint;
  description: string | null;
  memo: string | null;
  node_account_id: bigint;
  node_cert_hash: Uint8Array | null;
  public_key: string | null;
  file_id: bigint;
  start_consensus_timestamp: bigint;
  end_consensus_timestamp: bigint | null;
  account_id: bigint | null;
  admin_key: Uint8Array | null;
  /** As text: int8 array elements are not read exactly by every driver. */
  associated_registered_nodes: string[] | null;
  decline_reward: boolean | null;
  grpc_proxy_endpoint: ServiceEndpoint | null;
  max_stake: bigint | null;
  min_stake: bigint | null;
  reward_rate: bigint | null;
  stake: bigint | null;
  stake_not_rewarded: bigint | null;
  stake_rewarded: bigint | null;
  staking_period: bigint | null;
};

type ServiceEndpoint = { domain_name: string; ip_address_v4: string; port: number };

/** GET /api/v1/network/nodes: the nodes of the newest address book, with their node record and latest stake. */
export function createNodesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const filter = parseNodeFilter(query, mirror.config.system);
    rejectUnknownParameters(query, ACCEPTED);

    const sql = await mirror.sql();
    const rows = await findNodes(sql, filter);
    const endpoints = await serviceEndpoints(sql, rows);
    const nodes = rows.map((row) => renderNode(row, endpoints.get(row.node_id) ?? []));
    const last = rows.at(-1);
    const next =
      last && rows.length >= filter.limit
        ? javaNextLink(PATH, query, filter.order, [{ key: "node.id", last: last.node_id, format: String, parse: readNodeId }])
        : null;
    return mirrorJson({ nodes, links: { next } }, CACHE_CONTROL.network, linkHeader(next));
  };
}

function readNodeId(text: string): bigint | undefined {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= MAX_INT64 ? BigInt(text) : undefined;
}

function parseNodeFilter(query: RequestQuery, system: SystemShardRealm): NodeFilter {
  const fileIds = query.values("file.id");
  if (fileIds.length > 1) throw javaBadRequest("Only a single instance is supported for file.id");
  const errors = new ParameterErrors();
  let fileId = systemEntityId(system, DEFAULT_ADDRESS_BOOK_NUM);
  const fileFilter = fileIds[0] === undefined ? undefined : splitOperator(fileIds[0]);
  if (fileIds[0] !== undefined) {
    const parsed = fileFilter && parseEntityId(fileFilter.value, system);
    if (parsed === undefined) errors.invalidParameter("file.id");
    else fileId = parsed;
  }
  const nodeFilters = query.values("node.id").map((raw) => (NODE_ID.test(raw) ? splitOperator(raw) : undefined));
  const nodeValues = nodeFilters.map((filter) => filter && readNodeId(filter.value));
  if (nodeValues.some((value) => value === undefined)) errors.invalidParameter("node.id");
  const limit = parseLimit(query.values("limit"), LIMIT);
  if (limit === undefined) errors.invalidParameter("limit");
  const order = parseOrder(query.values("order"), "asc");
  if (order === undefined) errors.invalidParameter("order");
  errors.throwIfAny();
  if (fileFilter && fileFilter.op !== "eq") throw javaBadRequest("Only equality operator is supported for file.id");

  let lower = 0n;
  let upper = MAX_INT64;
  const equal: bigint[] = [];
  nodeFilters.forEach((filter, index) => {
    const value = nodeValues[index]!;
    if (filter!.op === "eq") equal.push(value);
    else if (filter!.op === "gt" || filter!.op === "gte") lower = max(lower, filter!.op === "gt" ? value + 1n : value);
    else upper = min(upper, filter!.op === "lt" ? value - 1n : value);
  });
  if (lower > upper) throw javaBadRequest("Invalid range provided for node.id");
  return { fileId, lower, upper, equal, limit: limit!, order: order! };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

async function findNodes(sql: SqlClient, filter: NodeFilter): Promise<NodeRow[]> {
  const direction = filter.order === "asc" ? "ASC" : "DESC";
  const params: unknown[] = [filter.fileId, filter.lower, filter.upper, filter.limit];
  const equal = filter.equal.length > 0 ? `AND e.node_id = ANY($${params.push(filter.equal)}::bigint[])` : "";
  return sql.query<NodeRow>(
    `WITH book AS (
       SELECT start_consensus_timestamp, end_consensus_timestamp, file_id FROM address_book
        WHERE file_id = $1 ORDER BY start_consensus_timestamp DESC LIMIT 1
     ), stake AS (
       SELECT * FROM node_stake WHERE consensus_timestamp = (SELECT max(consensus_timestamp) FROM node_stake)
     )
     SELECT e.node_id, e.description, e.memo, e.node_account_id, e.node_cert_hash, e.public_key,
            book.file_id, book.start_consensus_timestamp, book.end_consensus_timestamp,
            n.account_id, n.admin_key, n.associated_registered_nodes::text[] AS associated_registered_nodes, n.decline_reward, n.grpc_proxy_endpoint,
            s.max_stake, s.min_stake, s.reward_rate, s.stake, s.stake_not_rewarded, s.stake_rewarded, s.staking_period
       FROM book
       JOIN address_book_entry e ON e.consensus_timestamp = book.start_consensus_timestamp
       LEFT JOIN node n ON n.node_id = e.node_id
       LEFT JOIN stake s ON s.node_id = e.node_id
      WHERE e.node_id BETWEEN $2 AND $3 ${equal}
      ORDER BY e.node_id ${direction}
      LIMIT $4`,
    params,
  );
}

async function serviceEndpoints(sql: SqlClient, rows: readonly NodeRow[]): Promise<Map<bigint, ServiceEndpoint[]>> {
  const byNode = new Map<bigint, ServiceEndpoint[]>();
  const first = rows[0];
  if (!first) return byNode;
  const endpoints = await sql.query<ServiceEndpoint & { node_id: bigint }>(
    `SELECT node_id, domain_name, ip_address_v4, port FROM address_book_service_endpoint
      WHERE consensus_timestamp = $1 AND node_id = ANY($2::bigint[])
      ORDER BY node_id, ip_address_v4, port, domain_name`,
    [first.start_consensus_timestamp, rows.map((row) => row.node_id)],
  );
  for (const { node_id, domain_name, ip_address_v4, port } of endpoints) {
    byNode.set(node_id, [...(byNode.get(node_id) ?? []), { domain_name, ip_address_v4, port }]);
  }
  return byNode;
}

/** Upstream stores -1 for stake figures an old record did not carry; they are shown as unknown. */
function known(value: bigint | null): bigint | null {
  return value === null || value === -1n ? null : value;
}

function renderNode(row: NodeRow, endpoints: ServiceEndpoint[]) {
  return {
    admin_key: formatKey(row.admin_key),
    associated_registered_nodes: (row.associated_registered_nodes ?? []).map((id) => BigInt(id)),
    decline_reward: row.decline_reward,
    description: row.description,
    file_id: formatEntityId(row.file_id),
    grpc_proxy_endpoint: row.grpc_proxy_endpoint
      ? { domain_name: row.grpc_proxy_endpoint.domain_name, ip_address_v4: row.grpc_proxy_endpoint.ip_address_v4, port: row.grpc_proxy_endpoint.port }
      : null,
    max_stake: known(row.max_stake),
    memo: row.memo,
    min_stake: known(row.min_stake),
    node_account_id: formatEntityId(row.account_id ?? row.node_account_id),
    // The address book holds the certificate hash as the UTF-8 bytes of its hex.
    node_cert_hash: `0x${row.node_cert_hash ? Buffer.from(row.node_cert_hash).toString("utf8") : ""}`,
    node_id: row.node_id,
    public_key: `0x${row.public_key ?? ""}`,
    reward_rate_start: row.reward_rate,
    service_endpoints: endpoints,
    stake: row.stake,
    stake_not_rewarded: known(row.stake_not_rewarded),
    stake_rewarded: row.stake_rewarded,
    staking_period: row.staking_period === null ? null : stakingPeriod(row.staking_period),
    timestamp: { from: formatTimestamp(row.start_consensus_timestamp), to: formatOptionalTimestamp(row.end_consensus_timestamp) },
  };
}
