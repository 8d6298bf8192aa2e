import type { Database } from "@/lib/db";
import { readMigrations, type Migration } from "@/lib/db/migrations";
import { pendingMigrations } from "@/lib/db/migrator";
import { ApiError } from "@/lib/http/errors";
import { jsonResponse } from "@/lib/http/response";

const NO_STORE = { "cache-control": "no-store" };

/** Liveness: the process answers. Touches nothing else so a slow database never restarts healthy instances. */
export async function liveness(): Promise<Response> {
  return jsonResponse({ status: "ok" }, { headers: NO_STORE });
}

/** Readiness: the database answers and every migration of this release is applied. */
export function createReadiness(getDatabase: () => Promise<Database>) {
  // The release's migrations do not change while it runs: read them once.
  let migrations: Migration[] | undefined;
  return async function readiness(): Promise<Response> {
    let pending: string[];
    try {
      const db = await getDatabase();
      await db.sql.query("SELECT 1");
      migrations ??= readMigrations();
      pending = await pendingMigrations(db.sql, migrations);
    } catch (error) {
      throw new ApiError(503, [{ message: "Service unavailable", detail: `database unreachable: ${(error as Error).message}`, data: null }], NO_STORE);
    }
    if (pending.length > 0) {
      throw new ApiError(503, [{ message: "Service unavailable", detail: `migrations pending: ${pending.join(", ")}`, data: null }], NO_STORE);
    }
    return jsonResponse({ status: "ready", database: "ok", migrations: "applied" }, { headers: NO_STORE });
  };
}
