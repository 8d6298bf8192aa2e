/**
 * The raw SQL surface beside Prisma: parameterized queries for hand-written
 * reads, and multi-statement scripts for migrations. int8 columns come back
 * as `bigint` on both drivers.
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (no parameters). */
  exec(text: string): Promise<void>;
  /** Runs `work` on one dedicated connection (session-level locks, transactions). */
  withSession<T>(work: (session: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const INT8_OID = 20;
