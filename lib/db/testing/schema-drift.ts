import fs from "node:fs";
import path from "node:path";
import internals from "@prisma/internals";
import type { SqlClient } from "../sql-client";

/** One column as the database reports it. */
type DbColumn = { udt: string; nullable: boolean; precision: number | null; length: number | null };

/** One column as the Prisma schema declares it. */
type ModelColumn = { udt: string; nullable: boolean | null; precision: number | null; length: number | null };

type ModelTable = { schema: string; table: string; model: string; columns: Map<string, ModelColumn> };

export const DEFAULT_SCHEMA_DIR = path.resolve(process.cwd(), "prisma", "schema");

export function readSchemaFiles(dir: string = DEFAULT_SCHEMA_DIR): Array<[string, string]> {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".prisma"))
    .sort()
    .map((file) => [file, fs.readFileSync(path.join(dir, file), "utf8")]);
}

/**
 * Compares every model of the Prisma schema with the live database and lists
 * each disagreement in words: a missing table or column, a column the model
 * lacks, a different type, precision, length or nullability. Empty = in step.
 */
export async function findSchemaDrift(sql: SqlClient, schemaFiles: Array<[string, string]>): Promise<string[]> {
  const tables = await modelTables(schemaFiles);
  const problems: string[] = [];
  for (const table of tables) {
    const where = `${table.schema}.${table.table} (model ${table.model})`;
    const actual = await databaseColumns(sql, table.schema, table.table);
    if (actual.size === 0) {
      problems.push(`${where}: table missing`);
      continue;
    }
    for (const [name, expected] of table.columns) {
      const column = actual.get(name);
      if (!column) {
        problems.push(`${where}: column ${name} missing`);
        continue;
      }
      if (column.udt !== expected.udt) problems.push(`${where}: column ${name} is ${column.udt}, schema says ${expected.udt}`);
      if (expected.nullable !== null && column.nullable !== expected.nullable) {
        problems.push(`${where}: column ${name} is ${column.nullable ? "nullable" : "NOT NULL"}, schema says ${expected.nullable ? "optional" : "required"}`);
      }
      if (expected.precision !== null && column.precision !== expected.precision) {
        problems.push(`${where}: column ${name} has precision ${column.precision}, schema says ${expected.precision}`);
      }
      if (expected.length !== null && column.length !== expected.length) {
        problems.push(`${where}: column ${name} has length ${column.length}, schema says ${expected.length}`);
      }
    }
    for (const name of actual.keys()) {
      if (!table.columns.has(name)) problems.push(`${where}: column ${name} exists in the database but not in the schema`);
    }
  }
  return problems;
}

async function databaseColumns(sql: SqlClient, schema: string, table: string): Promise<Map<string, DbColumn>> {
  const rows = await sql.query<{
    column_name: string;
    udt_name: string;
    is_nullable: string;
    datetime_precision: number | null;
    character_maximum_length: number | null;
  }>(
    `SELECT column_name, udt_name, is_nullable, datetime_precision, character_maximum_length
       FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`,
    [schema, table],
  );
  return new Map(
    rows.map((row) => [
      row.column_name,
      {
        udt: row.udt_name,
        nullable: row.is_nullable === "YES",
        precision: row.datetime_precision === null ? null : Number(row.datetime_precision),
        length: row.character_maximum_length === null ? null : Number(row.character_maximum_length),
      },
    ]),
  );
}

const SCALAR_UDT: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Decimal: "numeric",
  Boolean: "bool",
  DateTime: "timestamp",
  Json: "jsonb",
  Bytes: "bytea",
};

const NATIVE_UDT: Record<string, string> = {
  Text: "text",
  VarChar: "varchar",
  Char: "bpchar",
  Uuid: "uuid",
  Inet: "inet",
  Citext: "citext",
  Xml: "xml",
  SmallInt: "int2",
  Integer: "int4",
  Oid: "oid",
  BigInt: "int8",
  Real: "float4",
  DoublePrecision: "float8",
  Decimal: "numeric",
  Money: "money",
  Boolean: "bool",
  Timestamp: "timestamp",
  Timestamptz: "timestamptz",
  Date: "date",
  Time: "time",
  Timetz: "timetz",
  Json: "json",
  JsonB: "jsonb",
  ByteA: "bytea",
  Bit: "bit",
  VarBit: "varbit",
};

const TIME_TYPES = new Set(["timestamp", "timestamptz", "time", "timetz"]);
const LENGTH_TYPES = new Set(["varchar", "bpchar"]);

async function modelTables(schemaFiles: Array<[string, string]>): Promise<ModelTable[]> {
  const dmmf = await internals.getDMMF({ datamodel: schemaFiles });
  const enumNames = new Map(dmmf.datamodel.enums.map((item) => [item.name, item.dbName ?? item.name]));
  const unsupported = unsupportedFields(schemaFiles);
  return dmmf.datamodel.models.map((model) => {
    const columns = new Map<string, ModelColumn>();
    for (const field of model.fields) {
      if (field.kind === "object") continue;
      const native = field.nativeType as [string, string[]] | null | undefined;
      let udt = field.kind === "enum" ? enumNames.get(field.type) ?? field.type : native ? NATIVE_UDT[native[0]] : SCALAR_UDT[field.type];
      if (!udt) throw new Error(`schema-drift: no column type known for ${model.name}.${field.name} (${field.type} ${native?.[0] ?? ""})`);
      const size = native?.[1]?.[0] === undefined ? null : Number(native[1][0]);
      const precision = TIME_TYPES.has(udt) ? size ?? 3 : null;
      const length = LENGTH_TYPES.has(udt) ? size : null;
      if (field.isList) udt = `_${udt}`;
      // Prisma cannot say whether a list column is nullable, so lists are not checked for it.
      columns.set(field.dbName ?? field.name, { udt, nullable: field.isList ? null : !field.isRequired, precision, length });
    }
    for (const field of unsupported.get(model.name) ?? []) columns.set(field.column, { udt: field.udt, nullable: field.nullable, precision: null, length: null });
    return { schema: model.schema ?? "public", table: model.dbName ?? model.name, model: model.name, columns };
  });
}

type UnsupportedField = { column: string; udt: string; nullable: boolean };

const MODEL_BLOCK = /^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm;
const UNSUPPORTED_FIELD = /^\s*(\w+)\s+Unsupported\("([^"]+)"\)(\?)?([^\n]*)$/gm;
const MAP_ATTRIBUTE = /@map\("([^"]+)"\)/;

/** `Unsupported(...)` fields are absent from the DMMF; read them from the schema text. */
function unsupportedFields(schemaFiles: Array<[string, string]>): Map<string, UnsupportedField[]> {
  const byModel = new Map<string, UnsupportedField[]>();
  for (const [, text] of schemaFiles) {
    for (const block of text.matchAll(MODEL_BLOCK)) {
      const fields = [...(block[2] ?? "").matchAll(UNSUPPORTED_FIELD)].map((match) => ({
        column: MAP_ATTRIBUTE.exec(match[4] ?? "")?.[1] ?? match[1]!,
        udt: match[2]!,
        nullable: match[3] === "?",
      }));
      if (fields.length > 0) byModel.set(block[1]!, fields);
    }
  }
  return byModel;
}
