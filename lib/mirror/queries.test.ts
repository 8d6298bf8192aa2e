import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The mirror's SQL, checked on the source: a resource folder (one whose
 * modules export a `create…Handler`) keeps every SQL text in its
 * `queries.ts`; and no LIMIT is a bound parameter, the text carries the
 * number (a literal, or `sqlLimit`'s), so every plan knows its row goal.
 */

const MIRROR = path.join(process.cwd(), "lib/mirror");

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The LIMIT clauses whose row count is not in the SQL text: neither digits nor an interpolated `sqlLimit(…)`. */
function limitsWithoutRowCount(source: string): string[] {
  const limits = withoutComments(source).match(/\bLIMIT\b\s*(\$\{[^}]*\}|\S*)/g) ?? [];
  return limits.filter((limit) => !/^LIMIT\s+(\d+(?![\w$])|\$\{sqlLimit\([^{}]*\)\})/.test(limit));
}

// SQL is written in upper case: a statement's keywords, or a FROM naming a table.
const SQL_TEXT = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|WHERE|ORDER BY|GROUP BY|LIMIT|UNION ALL)\b|\bFROM\s+[a-z_]+\b/;

function sqlText(source: string): string[] {
  return withoutComments(source)
    .split("\n")
    .filter((line) => SQL_TEXT.test(line))
    .map((line) => line.trim());
}

const isSource = (name: string) => name.endsWith(".ts") && !name.endsWith(".test.ts");
const sourceFiles = (folder: string) => readdirSync(folder).filter(isSource);

/** Folders at any depth (`contracts/logs` too), as paths under lib/mirror. */
function resourceFolders(): string[] {
  return readdirSync(MIRROR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(MIRROR, path.join(entry.parentPath, entry.name)))
    .filter((name) => sourceFiles(path.join(MIRROR, name)).some((file) => /export function create\w*Handler\b/.test(readFileSync(path.join(MIRROR, name, file), "utf8"))))
    .sort();
}

describe("the checks themselves", () => {
  it("take digits or sqlLimit's text as a LIMIT's row count, and a placeholder or any other interpolation as not", () => {
    expect(limitsWithoutRowCount("LIMIT 1) ... LIMIT 25` ... LIMIT ${sqlLimit(params.limit)}) t ... LIMIT ${sqlLimit(budget + 1)}`")).toEqual([]);
    expect(limitsWithoutRowCount("WHERE hash = $1 LIMIT $2`")).toEqual(["LIMIT $2`"]);
    expect(limitsWithoutRowCount("ORDER BY id\n      LIMIT\n $3")).toEqual(["LIMIT\n $3"]);
    expect(limitsWithoutRowCount("LIMIT ${conditions.param(params.limit)}`")).toEqual(["LIMIT ${conditions.param(params.limit)}"]);
    expect(limitsWithoutRowCount("LIMIT ${limitParam}) t")).toEqual(["LIMIT ${limitParam}"]);
    expect(limitsWithoutRowCount("ORDER BY id LIMIT ${limit}`")).toEqual(["LIMIT ${limit}"]);
    expect(limitsWithoutRowCount("LIMIT 1${limit}` ... LIMIT ALL")).toEqual(["LIMIT 1${limit}`", "LIMIT ALL"]);
    expect(limitsWithoutRowCount("// the LIMIT $1 in a comment\n/* LIMIT ${limitParam} */")).toEqual([]);
  });

  it("find SQL in a module and leave prose alone", () => {
    expect(sqlText('const rows = await sql.query("SELECT id FROM entity WHERE id = $1");')).toHaveLength(1);
    expect(sqlText("const text = `lower(timestamp_range) FROM nft`;")).toHaveLength(1);
    expect(sqlText("// rows come from the entity table\nconst from = 1;")).toEqual([]);
  });
});

describe("mirror resource folders", () => {
  const folders = resourceFolders();

  it("are found", () => {
    expect(folders).toEqual(expect.arrayContaining(["accounts", "airdrops", "allowances", "balances", "nfts", "rewards", path.join("contracts", "logs")]));
  });

  it.each(folders)("%s keeps its SQL in queries.ts", (folder) => {
    const files = sourceFiles(path.join(MIRROR, folder));
    expect(files).toContain("queries.ts");
    const elsewhere = Object.fromEntries(
      files
        .filter((file) => file !== "queries.ts")
        .map((file): [string, string[]] => [file, sqlText(readFileSync(path.join(MIRROR, folder, file), "utf8"))])
        .filter(([, lines]) => lines.length > 0),
    );
    expect(elsewhere).toEqual({});
  });
});

describe("the mirror's production code", () => {
  const files = readdirSync(MIRROR, { recursive: true, encoding: "utf8" }).filter(isSource).sort();

  it("is found", () => {
    expect(files).toEqual(expect.arrayContaining(["filters.ts", path.join("transactions", "queries.ts"), path.join("bench", "endpoints.ts")]));
  });

  it("writes every LIMIT's row count into the SQL text, never as a bound parameter", () => {
    const offending = Object.fromEntries(
      files.map((file): [string, string[]] => [file, limitsWithoutRowCount(readFileSync(path.join(MIRROR, file), "utf8"))]).filter(([, limits]) => limits.length > 0),
    );
    expect(offending).toEqual({});
  });
});
