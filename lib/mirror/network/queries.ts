import type { SqlClient } from "@/lib/db";
import { systemEntityId, type SystemShardRealm } from "../entity-id";
import { sqlLimit } from "../filters";
import { firstDayOfMonth } from "../timestamp";
import { REGISTERED_NODE_TYPES, type NodesParams, type RegisteredNodesParams, type TimestampRange } from "./params";

const FILE_APPEND = 16;
const FILE_CREATE = 17;
const FILE_UPDATE = 19;

/** The newest FILECREATE or non-empty FILEUPDATE of a file ($1) in a range ($2, $3). */
const SYSTEM_FILE_START = `SELECT consensus_timestamp FROM file_data
        WHERE entity_id = $1 AND consensus_timestamp BETWEEN $2 AND $3
          AND (transaction_type = ${FILE_CREATE} OR (transaction_type = ${FILE_UPDATE} AND length(file_data) > 0))
        ORDER BY consensus_timestamp DESC LIMIT 1`;

/** The version of a file ($1) that began at $2: that part and the FILEAPPENDs after it up to $3. */
const SYSTEM_FILE_PARTS = `SELECT consensus_timestamp, file_data FROM file_data
        WHERE entity_id = $1 AND consensus_timestamp BETWEEN $2 AND $3
          AND (consensus_timestamp = $2 OR transaction_type = ${FILE_APPEND})
        ORDER BY consensus_timestamp`;

export type SystemFilePart = { consensus_timestamp: bigint; file_data: Uint8Array | null };

/** When the newest version of a system file within [lower, upper] began; undefined when none did. */
export async function findSystemFileStart(sql: SqlClient, fileId: bigint, lower: bigint, upper: bigint): Promise<bigint | undefined> {
  const [start] = await sql.query<{ consensus_timestamp: bigint }>(SYSTEM_FILE_START, [fileId, lower, upper]);
  return start?.consensus_timestamp;
}

export function findSystemFileParts(sql: SqlClient, fileId: bigint, start: bigint, upper: bigint): Promise<SystemFilePart[]> {
  return sql.query<SystemFilePart>(SYSTEM_FILE_PARTS, [fileId, start, upper]);
}

/** An address book entry with its node record and latest stake (null when missing). */
export type NodeRow = {
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

export type ServiceEndpoint = { domain_name: string; ip_address_v4: string; port: number };

/** The nodes of the newest address book of the file, with their node record and latest stake. */
export async function findNodes(sql: SqlClient, filter: NodesParams): Promise<NodeRow[]> {
  const direction = filter.order === "asc" ? "ASC" : "DESC";
  const params: unknown[] = [filter.fileId, filter.lower, filter.upper];
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
      LIMIT ${sqlLimit(filter.limit)}`,
    params,
  );
}

/** The service endpoints of the nodes of a page, by node. */
export async function findServiceEndpoints(sql: SqlClient, rows: readonly NodeRow[]): Promise<Map<bigint, ServiceEndpoint[]>> {
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

/** One endpoint of `service_endpoints` as the importer stores it: an address, and one of the four kinds. */
export type StoredEndpoint = {
  block_node?: unknown;
  domain_name?: string | null;
  general_service?: { description?: string | null } | null;
  ip_address?: string | null;
  mirror_node?: unknown;
  port?: number;
  requires_tls?: boolean;
  rpc_relay?: unknown;
};

export type RegisteredNodeRow = {
  admin_key: Uint8Array | null;
  created_timestamp: bigint | null;
  description: string | null;
  registered_node_id: bigint;
  service_endpoints: StoredEndpoint[] | null;
  timestamp_from: bigint;
  timestamp_to: bigint | null;
};

/** The registered nodes that are not deleted, by id. */
export function findRegisteredNodes(sql: SqlClient, filter: RegisteredNodesParams): Promise<RegisteredNodeRow[]> {
  const params: unknown[] = [filter.lower, filter.upper];
  const ofType = filter.type === null ? "" : `AND type @> ARRAY[$${params.push(REGISTERED_NODE_TYPES[filter.type])}]::smallint[]`;
  return sql.query<RegisteredNodeRow>(
    `SELECT admin_key, created_timestamp, description, registered_node_id, service_endpoints,
            lower(timestamp_range) AS timestamp_from, upper(timestamp_range) AS timestamp_to
       FROM registered_node
      WHERE registered_node_id BETWEEN $1 AND $2 AND deleted IS false ${ofType}
      ORDER BY registered_node_id ${filter.order === "asc" ? "ASC" : "DESC"}
      LIMIT ${sqlLimit(filter.limit)}`,
    params,
  );
}

export type NetworkStakeRow = {
  max_stake_rewarded: bigint;
  max_staking_reward_rate_per_hbar: bigint;
  max_total_reward: bigint;
  node_reward_fee_denominator: bigint;
  node_reward_fee_numerator: bigint;
  reserved_staking_rewards: bigint;
  reward_balance_threshold: bigint;
  stake_total: bigint;
  staking_period: bigint;
  staking_period_duration: bigint;
  staking_periods_stored: bigint;
  staking_reward_fee_denominator: bigint;
  staking_reward_fee_numerator: bigint;
  staking_reward_rate: bigint;
  staking_start_threshold: bigint;
  unreserved_staking_reward_balance: bigint;
};

const NETWORK_STAKE = `SELECT max_stake_rewarded, max_staking_reward_rate_per_hbar, max_total_reward, node_reward_fee_denominator,
              node_reward_fee_numerator, reserved_staking_rewards, reward_balance_threshold, stake_total, staking_period,
              staking_period_duration, staking_periods_stored, staking_reward_fee_denominator, staking_reward_fee_numerator,
              staking_reward_rate, staking_start_threshold, unreserved_staking_reward_balance
         FROM network_stake ORDER BY consensus_timestamp DESC LIMIT 1`;

/** The newest network-wide staking parameters. */
export async function findNetworkStake(sql: SqlClient): Promise<NetworkStakeRow | undefined> {
  const [row] = await sql.query<NetworkStakeRow>(NETWORK_STAKE);
  return row;
}

/** Accounts whose hbars are not yet released into circulation (num ranges, inclusive). */
const UNRELEASED_ACCOUNTS: ReadonlyArray<readonly [bigint, bigint]> = [
  [2n, 2n],
  [42n, 42n],
  [44n, 71n],
  [73n, 87n],
  [99n, 100n],
  [200n, 349n],
  [400n, 750n],
];

/** The unreleased hbars and the time of the newest balance they were read from (0 when none). */
export type Supply = { unreleased: bigint; timestamp: bigint };

/** `<column> BETWEEN $n AND $m OR …` over the unreleased accounts, with its parameters from `offset` on. */
function unreleasedCondition(column: string, system: SystemShardRealm, offset: number): { text: string; params: bigint[] } {
  const params = UNRELEASED_ACCOUNTS.flatMap(([low, high]) => [systemEntityId(system, low), systemEntityId(system, high)]);
  const text = UNRELEASED_ACCOUNTS.map((_, i) => `${column} BETWEEN $${offset + 2 * i} AND $${offset + 2 * i + 1}`).join(" OR ");
  return { text: `(${text})`, params };
}

/** From the accounts' current balances; the time is the newest balance update among them. */
export async function findCurrentSupply(sql: SqlClient, system: SystemShardRealm): Promise<Supply> {
  const unreleased = unreleasedCondition("id", system, 1);
  const [row] = await sql.query<Supply>(
    `SELECT coalesce(sum(balance), 0)::bigint AS unreleased, coalesce(max(balance_timestamp), 0)::bigint AS timestamp
       FROM entity WHERE ${unreleased.text}`,
    unreleased.params,
  );
  return row ?? { unreleased: 0n, timestamp: 0n };
}

/**
 * From the balance snapshots: each account's newest snapshot in the range,
 * looking back no further than the first day of the month before the upper
 * bound (snapshots are at least monthly).
 */
export async function findHistoricalSupply(sql: SqlClient, system: SystemShardRealm, range: TimestampRange): Promise<Supply> {
  const monthBefore = firstDayOfMonth(range.upper, -1);
  const lower = range.lower > monthBefore ? range.lower : monthBefore;
  const unreleased = unreleasedCondition("account_id", system, 3);
  const [row] = await sql.query<Supply>(
    `SELECT coalesce(sum(balance), 0)::bigint AS unreleased, coalesce(max(consensus_timestamp), 0)::bigint AS timestamp
       FROM (SELECT DISTINCT ON (account_id) balance, consensus_timestamp
               FROM account_balance
              WHERE consensus_timestamp BETWEEN $1 AND $2 AND ${unreleased.text}
              ORDER BY account_id, consensus_timestamp DESC) latest`,
    [lower, range.upper, ...unreleased.params],
  );
  return row ?? { unreleased: 0n, timestamp: 0n };
}
