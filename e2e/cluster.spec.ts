import fs from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { readMigrations } from "../lib/db/migrations";
import { CLUSTER_DATABASE_FILE, CLUSTER_PORTS } from "./servers";

test("two instances started together on one PostgreSQL are both ready, and each migration ran once", async ({ request }) => {
  for (const port of CLUSTER_PORTS) {
    const ready = await request.get(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status(), `instance on port ${port}`).toBe(200);
  }
  const client = new pg.Client({ connectionString: fs.readFileSync(CLUSTER_DATABASE_FILE, "utf8") });
  await client.connect();
  try {
    const history = await client.query<{ name: string }>("SELECT name FROM public.app_schema_migrations ORDER BY name");
    expect(history.rows.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
  } finally {
    await client.end();
  }
});

test("each instance serves the page name written to the shared database", async ({ request }) => {
  // Demo data is never written into PostgreSQL unasked: before a page exists, / explains how to make one.
  for (const port of CLUSTER_PORTS) {
    const empty = await request.get(`http://127.0.0.1:${port}/`);
    expect(empty.status(), `instance on port ${port}`).toBe(200);
    expect(await empty.text()).toContain("No status page yet");
  }
  const client = new pg.Client({ connectionString: fs.readFileSync(CLUSTER_DATABASE_FILE, "utf8") });
  await client.connect();
  try {
    await client.query("INSERT INTO status.page (id, name, url, time_zone) VALUES ('cluster', 'Cluster Status', 'http://x', 'Etc/UTC') ON CONFLICT (id) DO NOTHING");
  } finally {
    await client.end();
  }
  for (const port of CLUSTER_PORTS) {
    const html = await (await request.get(`http://127.0.0.1:${port}/`)).text();
    expect(html, `instance on port ${port}`).toContain("Cluster Status");
  }
});
