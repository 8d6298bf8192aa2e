import type { SqlClient } from "@/lib/db";

/** A record file as a call's block: NUMBER, TIMESTAMP, PREVRANDAO and the timestamp state is read at. */
export type CallBlockRow = { index: bigint; hash: string; consensus_start: bigint; consensus_end: bigint };

const BLOCK_COLUMNS = "index, hash, consensus_start, consensus_end";
const LATEST_BLOCK = `SELECT ${BLOCK_COLUMNS} FROM record_file ORDER BY consensus_end DESC LIMIT 1`;
const EARLIEST_BLOCK = `SELECT ${BLOCK_COLUMNS} FROM record_file ORDER BY index ASC LIMIT 1`;

export async function findLatestBlock(sql: SqlClient): Promise<CallBlockRow | undefined> {
  const [row] = await sql.query<CallBlockRow>(LATEST_BLOCK);
  return row;
}

export async function findEarliestBlock(sql: SqlClient): Promise<CallBlockRow | undefined> {
  const [row] = await sql.query<CallBlockRow>(EARLIEST_BLOCK);
  return row;
}
