import type { Database, SqlDatabase } from "@/lib/db";
import { readMigrations, type Migration } from "@/lib/db/migrations";
import { pendingMigrations } from "@/lib/db/migrator";
import { ApiError } from "@/lib/http/errors";
import { jsonResponse } from "@/lib/http/response";
import { isEmpty } from "@/lib/seed/demo-data";

const NO_STORE = { "cache-control": "no-store" };

/** Liveness: the process answers. Touches nothing else so a slow database never restarts healthy instances. */
export async function liveness(): Promise<Response> {
  return jsonResponse({ status: "ok" }, { headers: NO_STORE });
}

/**
 * How far a streaming standby's replay is behind its primary: 0 once it has
 * replayed all the WAL it received, else the time since the commit of the
 * last transaction it replayed (a quiet primary commits nothing, so "time
 * since the last replayed commit" alone would grow without any lag).
 */
const REPLICA_LAG_SQL = `SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE COALESCE(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0) END::float8 AS lag_ms
  WHERE pg_is_in_recovery()`;

/** The replica's lag when the mirror database is a standby (its /api/v1 reads are that far behind the primary), else undefined. */
async function replicaLag(mirror: SqlDatabase): Promise<{ lagMs: number } | undefined> {
  const [row] = await mirror.sql.query<{ lag_ms: number }>(REPLICA_LAG_SQL);
  return row && { lagMs: Math.round(row.lag_ms * 10) / 10 };
}

/**
 * Readiness: the database answers, every migration of this release is
 * applied and an embedded database holds its demo data. It also reports the
 * instance's connection pools (the app's, and the mirror's when `/api/v1`
 * reads a database of its own), so an operator can add up what a fleet holds
 * against the server's `max_connections`, and when the mirror database is a
 * streaming standby, its replay lag (`replica.lagMs`).
 */
export function createReadiness(getDatabase: () => Promise<Database>, getMirrorDatabase: () => Promise<SqlDatabase> = getDatabase) {
  // The release's migrations do not change while it runs: read them once.
  let migrations: Migration[] | undefined;
  return async function readiness(): Promise<Response> {
    let pending: string[];
    let db: Database;
    let mirror: SqlDatabase;
    let replica: { lagMs: number } | undefined;
    try {
      db = await getDatabase();
      await db.sql.query("SELECT 1");
      migrations ??= readMigrations();
      pending = await pendingMigrations(db.sql, migrations);
      mirror = await getMirrorDatabase();
      replica = mirror === db || mirror.target.kind !== "postgres" ? undefined : await replicaLag(mirror);
    } catch (error) {
      throw new ApiError(503, [{ message: "Service unavailable", detail: `database unreachable: ${(error as Error).message}`, data: null }], NO_STORE);
    }
    if (pending.length > 0) {
      throw new ApiError(503, [{ message: "Service unavailable", detail: `migrations pending: ${pending.join(", ")}`, data: null }], NO_STORE);
    }
    // An embedded database is seeded at start, its status page last (lib/seed/demo-data.ts): without the page the seed has not finished.
    if (db.target.kind === "pglite" && (await isEmpty(db))) {
      throw new ApiError(503, [{ message: "Service unavailable", detail: "demo data not loaded yet", data: null }], NO_STORE);
    }
    const pools = mirror === db ? { app: db.pool() } : { app: db.pool(), mirror: mirror.pool() };
    return jsonResponse({ status: "ready", database: "ok", migrations: "applied", pools, ...(replica && { replica }) }, { headers: NO_STORE });
  };
}
