import type { SqlClient } from "@/lib/db";
import { notFound } from "@/lib/http/errors";

/** 404 `Not found` unless the entity exists (upstream `EntityService.isValidAccount`). */
export async function assertEntityExists(sql: SqlClient, id: bigint): Promise<void> {
  const rows = await sql.query("SELECT type FROM entity WHERE id = $1", [id]);
  if (rows.length === 0) throw notFound();
}
