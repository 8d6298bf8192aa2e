import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseTarget } from "@/lib/db/config";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase } from "@/lib/db/testing/postgres";

/**
 * Kill -9 during writes: a process writes through the manage API's handlers
 * and is SIGKILLed mid-stream; after it, every write the API acknowledged is
 * in the database with its one audit row, and no entity exists without one.
 * Twice per database, the second run writing on after the first's crash.
 */
const CHILD = path.join(import.meta.dirname, "..", "testing", "write-child.ts");
const KEY = "sk_crash_test_key_0123456789abcdefghijklmnopqrstuv";
const KILLS_AFTER_ACKS = [40, 90];
const testUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "crash-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
});

type Ack = { kind: "component" | "incident"; id: string };

/** Runs the writer against the database in `env` and SIGKILLs it once `acks` writes were acknowledged. */
function writeUntilKilled(env: Record<string, string>, acks: number): Promise<Ack[]> {
  return new Promise((resolve, reject) => {
    // node itself with tsx's loader, so the SIGKILL reaches the writing process.
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      env: { ...process.env, LOG_LEVEL: "silent", STATUS_WRITES_PER_MINUTE: "1000000", CRASH_KEY: KEY, MIRROR_DATABASE_URL: "", ...env },
    });
    const acked: Ack[] = [];
    let pending = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        const [word, kind, id] = line.split(" ");
        if (word !== "ack") continue;
        acked.push({ kind: kind as Ack["kind"], id: id! });
        if (acked.length === acks) child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => (signal === "SIGKILL" ? resolve(acked) : reject(new Error(`writer exited with ${code} before the kill: ${errors}`))));
  });
}

/** Reopens the database as a restart would and checks every acknowledged write. */
async function verify(target: DatabaseTarget, acked: readonly Ack[]) {
  const db = await openDatabase(target, { poolSize: 1 });
  try {
    const [components, incidents, audits] = await Promise.all([
      db.prisma.component.findMany({ where: { name: { startsWith: "crash " } }, select: { id: true } }),
      db.prisma.incident.findMany({ where: { name: { startsWith: "crash " } }, select: { id: true } }),
      db.prisma.auditLogEntry.findMany({ where: { action: { in: ["component.create", "incident.create"] } }, select: { entityId: true } }),
    ]);
    const stored = new Set([...components, ...incidents].map((row) => row.id));
    const audited = audits.map((row) => row.entityId);
    return {
      missing: acked.filter((ack) => !stored.has(ack.id)),
      unaudited: [...stored].filter((id) => audited.filter((entityId) => entityId === id).length !== 1),
      auditedButAbsent: audited.filter((id) => !stored.has(id)),
      stored: stored.size,
    };
  } finally {
    await db.close();
  }
}

const DATABASES: { kind: string; target: () => Promise<{ env: Record<string, string>; target: DatabaseTarget }> }[] = [
  {
    kind: "embedded",
    target: async () => {
      const dataDir = path.join(scratch, "data");
      return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, target: { kind: "pglite", dataDir: path.join(dataDir, "pglite") } };
    },
  },
];
if (testUrl) {
  let created: Promise<{ url: string; drop: () => Promise<void> }> | undefined;
  DATABASES.push({
    kind: "postgres",
    target: async () => {
      created ??= createScratchDatabase(testUrl).then((database) => (cleanups.push(database.drop), database));
      const { url } = await created;
      return { env: { DATABASE_URL: url }, target: { kind: "postgres", url } };
    },
  });
}

describe.each(DATABASES)("kill -9 during writes: $kind", ({ target }) => {
  let total = 0;
  it.each(KILLS_AFTER_ACKS)("killed after %i acknowledged writes: each is present with one audit row", async (acks) => {
    const database = await target();
    const acked = await writeUntilKilled(database.env, acks);
    expect(acked.length).toBeGreaterThanOrEqual(acks);
    total += acked.length;
    const result = await verify(database.target, acked);
    expect(result).toMatchObject({ missing: [], unaudited: [], auditedButAbsent: [] });
    expect(result.stored).toBeGreaterThanOrEqual(total);
  }, 180_000);
});
