import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReadiness } from "@/lib/health/health";
import { closeMirrorDatabase, getMirrorDatabase } from "@/lib/mirror/db";
import { readMigrations } from "./migrations";
import { migrate } from "./migrator";
import { openDatabase, type Database } from "./open";
import { createScratchDatabase } from "./testing/postgres";

const testUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** What one instance may hold: DATABASE_POOL_SIZE connections per database, Prisma's and raw SQL's together. */
describe.skipIf(!testUrl)("connection pools (TEST_DATABASE_URL)", () => {
  const POOL_SIZE = 2;
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  let observer: pg.Client;

  beforeAll(async () => {
    ({ url, drop } = await createScratchDatabase(testUrl!));
    db = await openDatabase({ kind: "postgres", url }, { poolSize: POOL_SIZE });
    await migrate(db.sql, readMigrations());
    observer = new pg.Client({ connectionString: testUrl });
    await observer.connect();
  });

  afterAll(async () => {
    await closeMirrorDatabase();
    await db?.close();
    await observer?.end();
    await drop?.();
  });

  const connectionsTo = async (database: string) =>
    Number(
      (await observer.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]))
        .rows[0]!.n,
    );

  it("Prisma and raw SQL share one pool of DATABASE_POOL_SIZE", async () => {
    const name = new URL(url).pathname.slice(1);
    let most = 0;
    const watching = (async () => {
      for (let i = 0; i < 12; i++) {
        most = Math.max(most, await connectionsTo(name));
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    await Promise.all([
      ...Array.from({ length: 4 }, () => db.sql.query("SELECT 1 AS one FROM pg_sleep(0.1)")),
      ...Array.from({ length: 4 }, () => db.prisma.$queryRaw`SELECT 1 AS one FROM pg_sleep(0.1)`),
      watching,
    ]);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(POOL_SIZE);
    expect(db.pool()).toMatchObject({ kind: "postgres", max: POOL_SIZE });
  });

  it("the mirror database is raw SQL only: no Prisma client beside its pool", async () => {
    const mirror = await getMirrorDatabase({ MIRROR_DATABASE_URL: url, DATABASE_POOL_SIZE: "3" });
    expect(mirror).not.toHaveProperty("prisma");
    expect(mirror.pool()).toMatchObject({ kind: "postgres", max: 3 });
  });

  it("readiness reports each pool", async () => {
    const mirror = await getMirrorDatabase({ MIRROR_DATABASE_URL: url, DATABASE_POOL_SIZE: "3" });
    const response = await createReadiness(async () => db, async () => mirror)();
    const body = (await response.json()) as { pools: Record<string, unknown> };
    expect(body.pools).toEqual({
      app: { kind: "postgres", max: POOL_SIZE, open: expect.any(Number), idle: expect.any(Number), waiting: 0 },
      mirror: { kind: "postgres", max: 3, open: expect.any(Number), idle: expect.any(Number), waiting: 0 },
    });
    // A mirror database on a primary has no replay lag to report; the cluster test (lib/cluster) reads it from a standby.
    expect(body).not.toHaveProperty("replica");
    const alone = (await (await createReadiness(async () => db)()).json()) as { pools: Record<string, unknown> };
    expect(Object.keys(alone.pools)).toEqual(["app"]);
  });
});
