import type { SqlClient } from "@/lib/db";

/** Finding accounts by the names that need the database: an opaque EVM address or an alias. */

/** Upstream's EVM address lookup; note a NULL `deleted` does not match (as upstream's `deleted <> true`). */
export async function idByEvmAddress(sql: SqlClient, address: Uint8Array): Promise<bigint | null> {
  const rows = await sql.query<{ id: bigint }>("SELECT id FROM entity WHERE deleted <> true AND evm_address = $1", [address]);
  return rows[0]?.id ?? null;
}

/** As upstream, an alias that more than one live account has is a fault in the data, not a choice to make (500). */
export async function idByAlias(sql: SqlClient, alias: Uint8Array): Promise<bigint | null> {
  const rows = await sql.query<{ id: bigint }>("SELECT id FROM entity WHERE coalesce(deleted, false) <> true AND alias = $1 LIMIT 2", [alias]);
  if (rows.length > 1) throw new Error("More than one live account has this alias");
  return rows[0]?.id ?? null;
}
