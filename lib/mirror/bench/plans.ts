import type { SqlClient } from "@/lib/db";
import { recordingSqlClient, type RecordedStatement } from "@/lib/db/recording-sql-client";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { serveMirrorRequest } from "../routes";

/**
 * The statements the handler of `path` runs for one request, by running it
 * in this process on a recording client; undefined when no mirror route
 * matches the path.
 */
export async function capturedStatements(sql: SqlClient, path: string): Promise<{ status: number; statements: RecordedStatement[] } | undefined> {
  const statements: RecordedStatement[] = [];
  const mirror: MirrorContext = { sql: async () => recordingSqlClient(sql, statements), config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(Date.now()) * 1_000_000n };
  const response = await serveMirrorRequest(mirror, new Request(new URL(path, "http://bench.invalid")));
  if (!response) return undefined;
  await response.arrayBuffer();
  return { status: response.status, statements };
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
