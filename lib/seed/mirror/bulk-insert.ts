import type { SqlClient } from "@/lib/db";
import { stringifyJson } from "@/lib/http/json";
import { MIRROR_TABLES, type ColumnType, type MirrorRow, type MirrorTable } from "./tables";

/** Rows per statement: large enough that round trips do not matter, small enough to bound one statement's memory. */
const CHUNK = 20_000;

/**
 * Writes rows with one `INSERT … SELECT … FROM unnest(…)` per chunk: each
 * column travels as one text array parameter and is cast in SQL, so the
 * statement is the same on PGlite and PostgreSQL whatever the row count.
 */
export async function bulkInsert<T extends MirrorTable>(sql: SqlClient, table: T, rows: readonly MirrorRow<T>[]): Promise<void> {
  const spec = MIRROR_TABLES[table] as Readonly<Record<string, ColumnType>>;
  const columns = Object.keys(spec);
  const arrays: string[] = [];
  const selects: string[] = [];
  for (const column of columns) {
    const type = spec[column]!;
    const first = arrays.push(`$${arrays.length + 1}::text[]`);
    if (type === "int8range") {
      arrays.push(`$${arrays.length + 1}::text[]`);
      selects.push(`int8range(u.c${first - 1}::bigint, u.c${first}::bigint)`);
    } else {
      selects.push(cast(`u.c${first - 1}`, type));
    }
  }
  const text =
    `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${selects.join(", ")} ` +
    `FROM unnest(${arrays.join(", ")}) AS u(${arrays.map((_, i) => `c${i}`).join(", ")})`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const params: Array<Array<string | null>> = [];
    for (const column of columns) {
      const type = spec[column]!;
      const values = chunk.map((row) => (row as Record<string, unknown>)[column] ?? null);
      if (type === "int8range") {
        const ranges = values as Array<readonly [bigint, bigint | null]>;
        params.push(ranges.map((range) => range[0].toString()), ranges.map((range) => range[1]?.toString() ?? null));
      } else {
        params.push(values.map((value) => serialize(value, type)));
      }
    }
    await sql.query(text, params);
  }
}

function cast(column: string, type: ColumnType): string {
  if (type === "text") return column;
  if (type === "bytea") return `decode(${column}, 'hex')`;
  if (type.startsWith("enum:")) return `${column}::${type.slice("enum:".length)}`;
  return `${column}::${type}`;
}

function serialize(value: unknown, type: ColumnType): string | null {
  if (value === null) return null;
  switch (type) {
    case "bytea":
      return Buffer.from(value as Uint8Array).toString("hex");
    case "jsonb":
      return stringifyJson(value);
    case "bigint[]":
    case "smallint[]":
      return `{${(value as readonly (bigint | number)[]).join(",")}}`;
    default:
      return String(value);
  }
}
