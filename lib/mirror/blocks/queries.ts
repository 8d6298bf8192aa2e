import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { BlockKey, BlocksParams } from "./params";

/** A block: a `record_file` row. */
export type BlockRow = {
  consensus_end: bigint;
  consensus_start: bigint;
  count: bigint;
  gas_used: bigint | null;
  hapi_version_major: number | null;
  hapi_version_minor: number | null;
  hapi_version_patch: number | null;
  hash: string;
  index: bigint;
  logs_bloom: Uint8Array | null;
  name: string;
  prev_hash: string;
  size: number | null;
};

/** The select list a BlockRow holds; upstream falls back to the file's length for a missing size. */
const BLOCK_COLUMNS =
  "consensus_end, consensus_start, count, gas_used, hapi_version_major, hapi_version_minor, hapi_version_patch, hash, index, " +
  "logs_bloom, name, prev_hash, coalesce(size, length(bytes)) AS size";

/**
 * A hash is a prefix match (upstream's `hash LIKE 'prefix%'`) written as the
 * range [prefix, prefix with its last digit incremented) in the C collation,
 * which the `record_file__hash` index (`hash COLLATE "C"`, as upstream
 * creates it) serves in generic plans too.
 */
const BLOCK_BY_HASH = `SELECT ${BLOCK_COLUMNS} FROM record_file WHERE hash COLLATE "C" >= $1 AND hash COLLATE "C" < $2 LIMIT 1`;
const BLOCK_BY_NUMBER = `SELECT ${BLOCK_COLUMNS} FROM record_file WHERE index = $1 LIMIT 1`;

const BLOCK_ORDER_COLUMNS = { number: "index", timestamp: "consensus_end" } as const;


/** Number (`index`) and close time (`consensus_end`) filters, each column on its own index. */
export function findBlocks(sql: SqlClient, params: BlocksParams): Promise<BlockRow[]> {
  const conditions = new SqlConditions();
  for (const { op, value } of params.numbers) conditions.add(`index ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  for (const { op, value } of params.timestamps) conditions.add(`consensus_end ${SQL_OPERATOR[op]} ${conditions.param(value)}`);
  return sql.query<BlockRow>(
    `SELECT ${BLOCK_COLUMNS} FROM record_file ${conditions.where()} ORDER BY ${BLOCK_ORDER_COLUMNS[params.orderBy]} ${params.order === "asc" ? "ASC" : "DESC"} LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

export async function findBlock(sql: SqlClient, key: BlockKey): Promise<BlockRow | undefined> {
  const [row] = "hash" in key ? await sql.query<BlockRow>(BLOCK_BY_HASH, [key.hash, afterPrefix(key.hash)]) : await sql.query<BlockRow>(BLOCK_BY_NUMBER, [key.number]);
  return row;
}

/** The first text after all those that start with `prefix`: its last character incremented. */
function afterPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
