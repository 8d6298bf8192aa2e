import { createHash } from "node:crypto";
import pg from "pg";
import { INT8_OID, type SqlClient } from "./sql-client";

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function createPostgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types, application_name: "ledger-status" });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  return pool;
}

export function postgresSqlClient(pool: pg.Pool, options: { preparedPerConnection?: number } = {}): SqlClient {
  const preparedPerConnection = options.preparedPerConnection ?? PREPARED_PER_CONNECTION;
  return {
    async query(text, params = []) {
      const connection = await pool.connect();
      let failure: Error | undefined;
      // As pool.query does: a connection lost mid-query fails the query instead of crashing the process.
      const onError = (error: Error) => (failure ??= error);
      connection.on("error", onError);
      try {
        return objectRows(await preparedQuery(connection, text, params as unknown[], preparedPerConnection));
      } catch (error) {
        failure ??= error as Error;
        if (!isStalePreparedStatement(error)) throw error;
        return objectRows(await connection.query({ text, values: params as unknown[], rowMode: "array" }));
      } finally {
        connection.removeListener("error", onError);
        // As pool.query does: a connection whose query failed is closed, and its prepared statements with it.
        connection.release(failure);
      }
    },
    async exec(text) {
      await pool.query(text);
    },
    async withSession(work) {
      const connection = await pool.connect();
      try {
        return await work(sessionClient(connection));
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Most statements one connection keeps prepared; it runs texts beyond them unnamed. */
const PREPARED_PER_CONNECTION = 250;
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * Runs a query as a named prepared statement of its connection, named after
 * a digest of its text: the text is parsed once per connection, and
 * PostgreSQL may settle on a generic plan after five executions instead of
 * planning every request again. Handlers compose their SQL from the query's
 * filters, so the number of texts is finite but large; the cap bounds what
 * each connection holds on the server.
 */
function preparedQuery(connection: pg.PoolClient, text: string, values: unknown[], cap: number): Promise<pg.QueryArrayResult> {
  let prepared = preparedOn.get(connection);
  if (!prepared) preparedOn.set(connection, (prepared = new Set()));
  const name = statementName(text);
  if (!prepared.has(name)) {
    if (prepared.size >= cap) return connection.query({ text, values, rowMode: "array" });
    prepared.add(name);
  }
  return connection.query({ name, text, values, rowMode: "array" });
}

type RowDecoder = (row: unknown[]) => Record<string, unknown>;

/**
 * Rows come from pg as arrays and become objects here, through a function
 * compiled once per list of column names. pg's own object rows are built by
 * keyed stores (`row[name] = value`), which turn megamorphic in a server
 * running hundreds of statements of different columns and then cost about
 * 60 ns a field (a 25-row transaction page: about 0.04 ms); an object
 * literal per column list keeps every shape's construction monomorphic.
 * The object is pg's: every column by name, the last of a repeated name winning.
 */
const rowDecoders = new Map<string, RowDecoder>();
const ROW_DECODERS_KEPT = 4096;

function objectRows<Row>(result: pg.QueryArrayResult): Row[] {
  const decode = rowDecoder(result.fields);
  const rows = new Array<Record<string, unknown>>(result.rows.length);
  for (let index = 0; index < rows.length; index++) rows[index] = decode(result.rows[index]!);
  return rows as Row[];
}

function rowDecoder(fields: readonly pg.FieldDef[]): RowDecoder {
  // A column name holds no NUL (PostgreSQL rejects it), so the joined names identify the list.
  const key = fields.map((field) => field.name).join("\0");
  let decoder = rowDecoders.get(key);
  if (decoder === undefined) {
    // A computed member for __proto__, which as a literal key would set the prototype instead.
    const members = fields.map((field, index) => `${field.name === "__proto__" ? `[${JSON.stringify(field.name)}]` : JSON.stringify(field.name)}: row[${index}]`);
    decoder = new Function("row", `return { ${members.join(", ")} };`) as RowDecoder;
    if (rowDecoders.size >= ROW_DECODERS_KEPT) rowDecoders.clear();
    rowDecoders.set(key, decoder);
  }
  return decoder;
}

/** Statement names by text, so a hot query is not hashed on every request; bounded like the statements themselves. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_KEPT = 4096;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** A prepared statement whose result columns changed under it (a migration of the tables it reads). */
function isStalePreparedStatement(error: unknown): boolean {
  return (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test((error as Error).message);
}

function sessionClient(connection: pg.PoolClient): SqlClient {
  const session: SqlClient = {
    async query(text, params = []) {
      const result = await connection.query(text, params as unknown[]);
      return result.rows;
    },
    async exec(text) {
      await connection.query(text);
    },
    withSession: (work) => work(session),
    close: async () => {},
  };
  return session;
}

/** Runs `work` on one connection of its own to `url` (administration, bulk loads), closed afterwards. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
