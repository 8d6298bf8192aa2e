import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readMigrations } from "@/lib/db/migrations";
import { openDatabase } from "@/lib/db/open";
import { createReadiness } from "@/lib/health/health";

/**
 * The first start of a fresh embedded database, killed with SIGKILL in the
 * middle of its demo seed, then started again: the second start must finish
 * the seed, and at no point may readiness say ready over half-seeded data.
 */
const CHILD = path.join(import.meta.dirname, "testing", "start-child.ts");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "first-start-"));

type Run = { seedMs: number; output: string };

/** Runs the start in DATA_DIR=dir; with `killAfterMs`, SIGKILLs it that long after its seed began. */
function start(dir: string, killAfterMs?: number): Promise<Run & { killed: boolean }> {
  return new Promise((resolve, reject) => {
    // node itself with tsx's loader (not the tsx wrapper, which would take the SIGKILL in its place).
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], { env: { ...process.env, SEED_NOW: "2026-11-22T12:00:00.000Z", DATA_DIR: dir, LOG_LEVEL: "silent", DATABASE_URL: "", MIRROR_DATABASE_URL: "" } });
    let output = "";
    let seedingAt = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (!seedingAt && output.includes("seeding")) {
        seedingAt = performance.now();
        if (killAfterMs !== undefined) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL" && code !== 0) reject(new Error(`start exited with ${code}: ${output}`));
      else resolve({ seedMs: performance.now() - seedingAt, output, killed: signal === "SIGKILL" });
    });
  });
}

/** What the data directory holds, and what readiness answers over it. */
async function inspect(dir: string) {
  const db = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "pglite") });
  try {
    const count = async (table: string) => Number((await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);
    const readiness = await createReadiness(async () => db)().then(
      (response) => response.status,
      (error: { status?: number }) => error.status ?? 500,
    );
    const pending = readMigrations().length - Number((await db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM app_schema_migrations"))[0]?.n);
    return {
      readiness,
      pending,
      pages: await count("status.page"),
      components: await count("status.component"),
      accounts: await count("entity"),
      tokens: await count("token"),
      blocks: await count("record_file"),
      nodes: await count("node"),
    };
  } finally {
    await db.close();
  }
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("a first start killed mid-seed", () => {
  let reference: Awaited<ReturnType<typeof inspect>>;
  let seedMs = 0;

  it("an uninterrupted first start seeds every face and is ready", async () => {
    const dir = path.join(scratch, "reference");
    seedMs = (await start(dir)).seedMs;
    reference = await inspect(dir);
    expect(reference).toMatchObject({ readiness: 200, pages: 1, components: 15 });
    for (const table of ["accounts", "tokens", "blocks", "nodes"] as const) expect(reference[table]).toBeGreaterThan(0);
  }, 300_000);

  it.each([0.3, 0.75])("killed %f of the way through the seed: not ready meanwhile, and the next start completes it", async (fraction) => {
    // The seed's length varies with the machine's load: a start that finished before its kill is tried again, killed sooner.
    let dir = "";
    let killed = false;
    for (let attempt = 0, delay = seedMs * fraction; attempt < 4 && !killed; attempt += 1, delay *= 0.6) {
      dir = path.join(scratch, `killed-${fraction}-${attempt}`);
      killed = (await start(dir, Math.round(delay))).killed;
    }
    expect(killed).toBe(true);
    const after = await inspect(dir);
    // Either nothing of the status page (and readiness says so) or everything.
    if (after.pages === 0) expect(after.readiness).toBe(503);
    else expect(after).toEqual(reference);

    await start(dir);
    const restarted = await inspect(dir);
    expect(restarted).toEqual(reference);
  }, 300_000);
});
