import type { SqlClient } from "@/lib/db";
import { recordingSqlClient, type RecordedStatement } from "@/lib/db/recording-sql-client";
import { serveInProcess } from "@/lib/routes/in-process";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";

/**
 * The statements the handler of `path` runs for one request, by running it
 * in this process on a recording client (none for a path no route claims).
 */
export async function capturedStatements(sql: SqlClient, path: string): Promise<{ status: number; statements: RecordedStatement[] }> {
  const statements: RecordedStatement[] = [];
  const status = await serveWhole(recordingSqlClient(sql, statements), path);
  return { status, statements };
}

/** Serves `path` in this process with mirror handlers on `sql`, reading the whole body; its status. */
async function serveWhole(sql: SqlClient, path: string): Promise<number> {
  const mirror: MirrorContext = { sql: async () => sql, config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(Date.now()) * 1_000_000n };
  const response = await serveInProcess(mirror, new Request(new URL(path, "http://bench.invalid")));
  await response.arrayBuffer();
  return response.status;
}

/** PostgreSQL buffer pool use per request: pages looked up, and those not in shared_buffers (read from the OS). */
export type BufferUse = { accesses: number; misses: number };

/**
 * What the requests of `paths` cost PostgreSQL's buffer pool, per request:
 * served one after another in this process on one connection, after a
 * warm-up round of `warmup`, from the database's own counters
 * (pg_stat_database). A machine's speed does not move these figures, so
 * they show what a scale changes in the work itself: the same plan makes
 * the same accesses at both scales, and only misses grow as tables outgrow
 * the buffer pool. Undefined on a server that cannot flush its counters on
 * demand (before PostgreSQL 15).
 */
export async function bufferUse(sql: SqlClient, warmup: readonly string[], paths: readonly string[]): Promise<BufferUse | undefined> {
  return sql.withSession(async (session) => {
    const serve = async (list: readonly string[]) => {
      for (const path of list) await serveWhole(session, path);
    };
    // The flush happens once the backend is idle after the call, so the next statement reads them.
    const counters = async () => {
      await session.query("SELECT pg_stat_force_next_flush()");
      const [row] = await session.query<{ hit: bigint; read: bigint }>("SELECT blks_hit AS hit, blks_read AS read FROM pg_stat_database WHERE datname = current_database()");
      return { hit: Number(row!.hit), read: Number(row!.read) };
    };
    try {
      await counters();
    } catch {
      return undefined;
    }
    await serve(warmup);
    const before = await counters();
    await serve(paths);
    const after = await counters();
    const requests = Math.max(1, paths.length);
    return { accesses: (after.hit + after.read - before.hit - before.read) / requests, misses: (after.read - before.read) / requests };
  });
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement twice: planned with its
 * parameter values (what an unnamed statement gets), and as the generic plan
 * a named prepared statement may switch to after five executions.
 */
export async function explainStatement(sql: SqlClient, statement: RecordedStatement): Promise<{ custom: string; generic: string }> {
  const custom = await sql.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  const generic = await sql.withSession(async (session) => {
    await session.exec(`SET plan_cache_mode = force_generic_plan; PREPARE bench_plan AS ${statement.text}`);
    try {
      const args = statement.params.length > 0 ? `(${statement.params.map(literal).join(", ")})` : "";
      return await session.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_plan${args}`);
    } finally {
      await session.exec("DEALLOCATE bench_plan; RESET plan_cache_mode");
    }
  });
  const text = (rows: Array<{ "QUERY PLAN": string }>) => rows.map((row) => row["QUERY PLAN"]).join("\n");
  return { custom: text(custom), generic: text(generic) };
}

/** A parameter value as an SQL literal, for EXECUTE (the values are the handler's own, not user input). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "bigint" || typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString("hex")}'`;
  if (Array.isArray(value)) return `'{${value.map((item) => (typeof item === "string" ? `"${item.replace(/["\\]/g, "\\$&")}"` : String(item))).join(",")}}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

export function formatPlans(path: string, explained: ReadonlyArray<RecordedStatement & { custom: string; generic: string }>): string {
  const parts = [`GET ${path}: ${explained.length} statement(s)`];
  explained.forEach((statement, index) => {
    parts.push(
      `\n-- statement ${index + 1}\n${statement.text.trim()}`,
      `-- parameters: ${JSON.stringify(statement.params, (_key, value) => (typeof value === "bigint" ? value.toString() : value))}`,
      `\n-- planned with the parameter values\n${statement.custom}`,
      `\n-- generic plan (plan_cache_mode = force_generic_plan)\n${statement.generic}`,
    );
  });
  return `${parts.join("\n")}\n`;
}
