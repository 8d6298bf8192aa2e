import { afterAll, beforeAll, expect, it } from "vitest";
import { createPostgresPool, postgresSqlClient } from "./postgres-client";
import type { SqlClient } from "./sql-client";
import { createScratchDatabase } from "./testing/postgres";
import { describeWith } from "../testing/describe-with";
import { POSTGRES, testDatabaseUrl } from "../testing/requirements";

describeWith([POSTGRES], "postgresSqlClient (TEST_DATABASE_URL)", () => {
  let url: string;
  let sql: SqlClient;
  let drop: () => Promise<void>;
  const clients: SqlClient[] = [];
  // One connection each, so every statement is prepared on the session pg_prepared_statements shows.
  const connect = (preparedPerConnection: number) => {
    const client = postgresSqlClient(createPostgresPool(url, 1), { preparedPerConnection });
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    const created = await createScratchDatabase(testDatabaseUrl!);
    ({ url, drop } = created);
    sql = connect(3);
    await sql.exec("CREATE TABLE item (id bigint PRIMARY KEY, name text NOT NULL); INSERT INTO item VALUES (9007199254740993, 'a'), (2, 'b')");
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await drop?.();
  });

  const prepared = async () =>
    (await sql.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements ORDER BY prepare_time")).map((row) => row.statement);

  it("runs a query as a statement prepared once per connection, with int8 as bigint", async () => {
    const text = "SELECT id, name FROM item WHERE id >= $1 ORDER BY id";
    expect(await sql.query(text, [2n])).toEqual([{ id: 2n, name: "b" }, { id: 9_007_199_254_740_993n, name: "a" }]);
    expect(await sql.query(text, [3n])).toEqual([{ id: 9_007_199_254_740_993n, name: "a" }]);
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it("gives each row as pg would: every column by name, the last of a repeated name winning, any name an own property", async () => {
    const rows = await sql.query<Record<string, unknown>>(
      `SELECT 1 AS a, 2 AS a, 'x' AS "__proto__", 3 AS "it's ""quoted""", NULL::int AS "null", 4 AS "1" FROM item ORDER BY id`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.entries(row)).toEqual([
        ["1", 4],
        ["a", 2],
        ["__proto__", "x"],
        ['it\'s "quoted"', 3],
        ["null", null],
      ]);
    }
  });

  it("runs texts beyond the per-connection cap unnamed", async () => {
    await sql.query("SELECT 1 AS one");
    await sql.query("SELECT 2 AS two");
    const statements = await prepared();
    expect(statements).toHaveLength(3);
    expect(statements).not.toContain("SELECT 2 AS two");
    expect(await sql.query("SELECT 2 AS two")).toEqual([{ two: 2 }]);
  });

  it("answers a prepared statement whose result columns a migration changed", async () => {
    const client = connect(10);
    const text = "SELECT * FROM item WHERE id = $1";
    expect(await client.query(text, [2n])).toEqual([{ id: 2n, name: "b" }]);
    await client.exec("ALTER TABLE item ADD COLUMN memo text NOT NULL DEFAULT ''");
    // PostgreSQL refuses the prepared statement now ("cached plan must not change result type").
    expect(await client.query(text, [2n])).toEqual([{ id: 2n, name: "b", memo: "" }]);
    expect(await client.query(text, [2n])).toEqual([{ id: 2n, name: "b", memo: "" }]);
  });

  it("closes a connection whose query failed, as pool.query does, and goes on", async () => {
    await expect(sql.query("SELECT 1 / $1::int AS x", [0])).rejects.toThrow(/division by zero/);
    expect(await sql.query("SELECT 1 / $1::int AS x", [1])).toEqual([{ x: 1 }]);
  });
});
