import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { DEFAULT_POOL_SIZE, type DatabaseTarget } from "./config";
import { PrismaClient } from "./generated/client";
import { openPglite } from "./pglite-client";
import { createPostgresPool, postgresSqlClient } from "./postgres-client";
import type { SqlClient } from "./sql-client";

/** Prisma for model reads and writes, raw SQL beside it, over one database. */
export type Database = {
  readonly target: DatabaseTarget;
  readonly prisma: PrismaClient;
  readonly sql: SqlClient;
  close(): Promise<void>;
};

export async function openDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<Database> {
  if (target.kind === "pglite") {
    const { pglite, sql } = await openPglite(target.dataDir);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      target,
      prisma,
      sql,
      async close() {
        await prisma.$disconnect();
        await sql.close();
      },
    };
  }
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const sql = postgresSqlClient(createPostgresPool(target.url, poolSize));
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: target.url, max: poolSize }) });
  return {
    target,
    prisma,
    sql,
    async close() {
      await prisma.$disconnect();
      await sql.close();
    },
  };
}
