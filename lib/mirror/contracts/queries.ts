import type { SqlClient } from "@/lib/db";

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
