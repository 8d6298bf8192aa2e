import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { Operator, Order } from "../query";
import { MAX_INT64 } from "../timestamp";
import type { ContractPath } from "./contract-path";

/**
 * The contract with this EVM address (upstream `contractIdByEvmAddressQuery`;
 * a NULL `deleted` matches nothing, as there). The column is not unique: two
 * live contracts with one address are a fault in the data (500), as upstream.
 */
export async function contractIdByEvmAddress(sql: SqlClient, address: Uint8Array): Promise<bigint | null> {
  const rows = await sql.query<{ id: bigint }>(
    "SELECT id FROM entity WHERE deleted <> true AND type = 'CONTRACT' AND evm_address = $1 LIMIT 2",
    [address],
  );
  if (rows.length > 1) throw new Error("More than one contract has this evm address");
  return rows[0]?.id ?? null;
}

/** A contract entity with its `contract` row's file (upstream `contractSelectFields`). */
export type ContractRow = {
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  deleted: boolean | null;
  ethereum_nonce: bigint | null;
  evm_address: Uint8Array | null;
  expiration_timestamp: bigint | null;
  file_id: bigint | null;
  id: bigint;
  key: Uint8Array | null;
  max_automatic_token_associations: number | null;
  memo: string;
  obtainer_id: bigint | null;
  permanent_removal: boolean | null;
  proxy_account_id: bigint | null;
  timestamp_from: bigint;
  timestamp_to: bigint | null;
};

export type ContractWithBytecodeRow = ContractRow & { initcode: Uint8Array | null; runtime_bytecode: Uint8Array | null };

const CONTRACT_COLUMNS = `e.auto_renew_account_id, e.auto_renew_period, e.created_timestamp, e.deleted, e.ethereum_nonce, e.evm_address,
       e.expiration_timestamp, c.file_id, e.id, e.key, e.max_automatic_token_associations, e.memo, e.obtainer_id,
       e.permanent_removal, e.proxy_account_id, lower(e.timestamp_range) AS timestamp_from, upper(e.timestamp_range) AS timestamp_to`;

/** The contracts the `contract.id` filters select (ids resolved), in id order. */
export function findContracts(
  sql: SqlClient,
  params: { contractIds: ReadonlyArray<{ op: Operator; id: bigint }>; order: Order; limit: number },
): Promise<ContractRow[]> {
  const conditions = new SqlConditions();
  conditions.add("e.type = 'CONTRACT'");
  for (const { op, id } of params.contractIds) if (op !== "eq") conditions.add(`e.id ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
  const equal = params.contractIds.filter((filter) => filter.op === "eq").map((filter) => filter.id);
  if (equal.length > 0) conditions.add(`e.id = ANY(${conditions.param(equal)}::bigint[])`);
  return sql.query<ContractRow>(
    `SELECT ${CONTRACT_COLUMNS}
       FROM entity e LEFT JOIN contract c ON c.id = e.id
       ${conditions.where()}
      ORDER BY e.id ${params.order === "asc" ? "ASC" : "DESC"}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

/**
 * The `timestamp` filters of /contracts/{id}, meaning what upstream's
 * (`extractTimestampRangeConditionFilters`) mean: the version's validity range
 * `[lower, upper)` overlaps the filter's range (eq as lte), or for ne does not
 * contain the instant. Written on the bounds, not as a range overlap, as
 * upstream's inclusive ranges overflow at int64's end.
 */
const TIMESTAMP_RANGE: Record<Operator, (value: string) => string> = {
  eq: (value) => `lower(e.timestamp_range) <= ${value}`,
  lte: (value) => `lower(e.timestamp_range) <= ${value}`,
  lt: (value) => `lower(e.timestamp_range) < ${value}`,
  gt: (value) => `(upper_inf(e.timestamp_range) OR upper(e.timestamp_range) - 1 > ${value}) AND ${value} < ${MAX_INT64}`,
  gte: (value) => `(upper_inf(e.timestamp_range) OR upper(e.timestamp_range) > ${value})`,
  ne: (value) => `NOT e.timestamp_range @> ${value}`,
};

/**
 * The contract a path names, with its code: by id or by EVM address (any
 * contract, deleted too), as of the timestamp filters when there are any, in
 * which case the newest matching version of entity and entity_history.
 * Upstream answers only when exactly one row matches, so two are read.
 */
export function findContractByPath(
  sql: SqlClient,
  path: ContractPath,
  timestamps: ReadonlyArray<{ op: Operator; nanos: bigint }>,
): Promise<ContractWithBytecodeRow[]> {
  const conditions = new SqlConditions();
  conditions.add("e.type = 'CONTRACT'");
  conditions.add("id" in path ? `e.id = ${conditions.param(path.id)}` : `e.evm_address = ${conditions.param(path.evmAddress)}`);
  for (const { op, nanos } of timestamps) conditions.add(TIMESTAMP_RANGE[op](`${conditions.param(nanos)}::bigint`));
  const select = (table: string) => `SELECT ${CONTRACT_COLUMNS}, c.initcode, c.runtime_bytecode
       FROM ${table} e LEFT JOIN contract c ON c.id = e.id
       ${conditions.where()}`;
  const query =
    timestamps.length === 0
      ? `${select("entity")} LIMIT 2`
      : `${select("entity")} UNION ${select("entity_history")} ORDER BY timestamp_from DESC, timestamp_to DESC NULLS FIRST LIMIT 1`;
  return sql.query<ContractWithBytecodeRow>(query, conditions.params);
}
