import { expect, it } from "vitest";
import { readMigrations, type Migration } from "./migrations";
import { migrate, MigrationError, pendingMigrations } from "./migrator";
import { openDatabase } from "./open";
import { forEachDatabase } from "./testing/databases";
import { createScratchDatabase } from "./testing/postgres";
import { describeWith } from "../testing/describe-with";
import { POSTGRES, testDatabaseUrl } from "../testing/requirements";

const migration = (name: string, sql: string): Migration => ({ name, sql, checksum: `sum-of-${sql}` });

forEachDatabase((getDb) => {
  it("applies all migrations of the repo and reports none pending", async () => {
    const migrations = readMigrations();
    expect(await pendingMigrations(getDb().sql, migrations)).toEqual([]);
    const again = await migrate(getDb().sql, migrations);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBeGreaterThanOrEqual(migrations.length);
  });

  it("applies only what is pending, in order, once", async () => {
    const first = [migration("29990101000000_a", "CREATE TABLE public.mig_a (id int)")];
    const second = [...first, migration("29990101000001_b", "INSERT INTO public.mig_a VALUES (1)")];
    expect((await migrate(getDb().sql, first)).applied).toEqual(["29990101000000_a"]);
    expect((await migrate(getDb().sql, second)).applied).toEqual(["29990101000001_b"]);
    const rows = await getDb().sql.query<{ id: number }>("SELECT id FROM public.mig_a");
    expect(rows).toEqual([{ id: 1 }]);
  });

  it("refuses to run when an applied migration was edited", async () => {
    await migrate(getDb().sql, [migration("29990102000000_c", "CREATE TABLE public.mig_c (id int)")]);
    const edited = [{ ...migration("29990102000000_c", "CREATE TABLE public.mig_c (id bigint)") }];
    await expect(migrate(getDb().sql, edited)).rejects.toThrow(/29990102000000_c was edited after it was applied/);
  });

  it("rolls a failing migration back whole and records nothing", async () => {
    const broken = migration("29990103000000_d", "CREATE TABLE public.mig_d (id int); SELECT * FROM no_such_table");
    await expect(migrate(getDb().sql, [broken])).rejects.toBeInstanceOf(MigrationError);
    const [table] = await getDb().sql.query<{ present: boolean }>("SELECT to_regclass('public.mig_d') IS NOT NULL AS present");
    expect(table?.present).toBe(false);
    expect(await pendingMigrations(getDb().sql, [broken])).toEqual(["29990103000000_d"]);
  });

  it("round-trips int8 as bigint and int8range through raw SQL", async () => {
    const big = 9_223_372_036_854_775_807n;
    const [row] = await getDb().sql.query<{ value: bigint; range: string }>(
      "SELECT $1::int8 AS value, int8range($2::int8, NULL) AS range",
      [big, 1_700_000_000_123_456_789n],
    );
    expect(row).toEqual({ value: big, range: "[1700000000123456789,)" });
  });
});

describeWith([POSTGRES], "two instances migrating one PostgreSQL at once", () => {
  it("applies each migration exactly once and both come up", async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    const instances = await Promise.all([0, 1].map(() => openDatabase({ kind: "postgres", url: scratch.url }, { poolSize: 2 })));
    try {
      const migrations = readMigrations();
      const reports = await Promise.all(instances.map((db) => migrate(db.sql, migrations)));
      const applied = reports.flatMap((report) => report.applied).sort();
      expect(applied).toEqual(migrations.map((item) => item.name));
      const history = await instances[0]!.sql.query<{ name: string }>("SELECT name FROM public.app_schema_migrations ORDER BY name");
      expect(history.map((row) => row.name)).toEqual(migrations.map((item) => item.name));
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await scratch.drop();
    }
  });
});
