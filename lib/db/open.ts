import type pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { DEFAULT_POOL_SIZE, type DatabaseTarget } from "./config";
import { PrismaClient } from "./generated/client";
import { openPglite } from "./pglite-client";
import { createPostgresPool, postgresSqlClient } from "./postgres-client";
import type { SqlClient } from "./sql-client";

/** What a database's connections look like now: the embedded one has no pool, a PostgreSQL one a single pool. */
export type PoolStatus =
  | { readonly kind: "embedded" }
  | { readonly kind: "postgres"; readonly max: number; readonly open: number; readonly idle: number; readonly waiting: number };

/** Raw SQL over one database, through at most one pool of connections. */
export type SqlDatabase = {
  readonly target: DatabaseTarget;
  readonly sql: SqlClient;
  pool(): PoolStatus;
  close(): Promise<void>;
};

/** Prisma for model reads and writes, raw SQL beside it, both over the same connections. */
export type Database = SqlDatabase & { readonly prisma: PrismaClient };

/** A database for raw SQL only (the mirror's): no Prisma client, one pool of `poolSize`. */
export async function openSqlDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<SqlDatabase> {
  if (target.kind === "pglite") {
    const { sql } = await openPglite(target.dataDir);
    return { target, sql, pool: () => ({ kind: "embedded" }), close: () => sql.close() };
  }
  const pool = createPostgresPool(target.url, options.poolSize ?? DEFAULT_POOL_SIZE);
  const sql = postgresSqlClient(pool);
  return { target, sql, pool: () => postgresPoolStatus(pool), close: () => sql.close() };
}

export async function openDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<Database> {
  if (target.kind === "pglite") {
    const { pglite, sql } = await openPglite(target.dataDir);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      target,
      prisma,
      sql,
      pool: () => ({ kind: "embedded" }),
      async close() {
        await prisma.$disconnect();
        await sql.close();
      },
    };
  }
  // Prisma borrows the raw SQL pool: one instance opens at most `poolSize` connections, not twice that.
  const pool = createPostgresPool(target.url, options.poolSize ?? DEFAULT_POOL_SIZE);
  const sql = postgresSqlClient(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    target,
    prisma,
    sql,
    pool: () => postgresPoolStatus(pool),
    async close() {
      await prisma.$disconnect();
      await sql.close();
    },
  };
}

function postgresPoolStatus(pool: pg.Pool): PoolStatus {
  return { kind: "postgres", max: pool.options.max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
