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

export function postgresSqlClient(pool: pg.Pool): SqlClient {
  return {
    async query(text, params = []) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows;
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
