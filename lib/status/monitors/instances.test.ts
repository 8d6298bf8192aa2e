import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { migrate } from "@/lib/db/migrator";
import { readMigrations } from "@/lib/db/migrations";
import { createScratchDatabase } from "@/lib/db/testing/postgres";
import { isMet, POSTGRES, suiteTitle, testDatabaseUrl } from "@/lib/testing/requirements";
import { TEST_PAGE } from "../testing/harness";
import { controlledTcpServer } from "./testing/servers";

/**
 * Two server processes run the monitors on one PostgreSQL database; one is
 * killed with SIGKILL mid-run. Every monitor keeps its interval: each check
 * falls in its own interval slot (none twice in one), and no slot gap is
 * wider than two intervals (the killed process's unfinished run is taken
 * over at the next one).
 */
const CHILD = path.join(import.meta.dirname, "testing", "scheduler-child.ts");
const INTERVAL_S = 2;
const MONITORS = 12;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const cleanup of cleanups) await cleanup();
});

function startInstance(url: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      env: { ...process.env, DATABASE_URL: url, MIRROR_DATABASE_URL: "", MONITORS_FILE: "", LOG_LEVEL: "silent" },
    });
    children.push(child);
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve(child));
    child.on("exit", (code, signal) => signal !== "SIGKILL" && reject(new Error(`instance exited with ${code}: ${errors}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(isMet(POSTGRES))(suiteTitle("monitors on two instances, one killed", POSTGRES), () => {
  it("keeps every monitor's interval through a kill -9", { timeout: 90_000 }, async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(scratch.drop);
    const tcp = await controlledTcpServer(4526);
    cleanups.push(tcp.close);
    const db = await openDatabase({ kind: "postgres", url: scratch.url }, { poolSize: 2 });
    cleanups.unshift(() => db.close());
    await migrate(db.sql, readMigrations());
    const now = new Date();
    await db.prisma.page.create({ data: { ...TEST_PAGE, updatedAt: now } });
    await db.prisma.component.create({ data: { id: "cmpinstances", pageId: TEST_PAGE.id, name: "Port", status: "operational", position: 1, createdAt: now, updatedAt: now } });
    const [a, b] = await Promise.all([startInstance(scratch.url), startInstance(scratch.url)]);
    // Phase 0 of every slot: a whole second ahead, so both instances are up when the first runs are due.
    const phase = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    await db.prisma.monitor.createMany({
      data: Array.from({ length: MONITORS }, (_, i) => ({
        id: `mon${String(i).padStart(9, "0")}`,
        pageId: TEST_PAGE.id,
        componentId: "cmpinstances",
        name: `port ${i}`,
        type: "tcp",
        config: { host: "127.0.0.1", port: tcp.port },
        intervalSeconds: INTERVAL_S,
        timeoutMs: 500,
        nextRunAt: new Date(phase),
        createdAt: now,
        updatedAt: now,
      })),
    });
    await sleep(phase - Date.now() + 7_000);
    a!.kill("SIGKILL");
    const killedAt = Date.now();
    await sleep(10_000);
    b!.kill("SIGKILL");
    const end = Date.now();

    const checks = await db.prisma.monitorCheck.findMany({ orderBy: [{ monitorId: "asc" }, { startedAt: "asc" }] });
    const slotMs = INTERVAL_S * 1000;
    for (let i = 0; i < MONITORS; i++) {
      const id = `mon${String(i).padStart(9, "0")}`;
      const slots = checks.filter((check) => check.monitorId === id).map((check) => Math.floor((check.startedAt.getTime() - phase) / slotMs));
      expect(new Set(slots).size, `${id} ran twice in one interval: ${slots.join(",")}`).toBe(slots.length);
      expect(slots[0], `${id} first ran late`).toBeLessThanOrEqual(1);
      const gaps = slots.slice(1).map((slot, k) => slot - slots[k]!);
      expect(Math.max(...gaps), `${id} slots ${slots.join(",")}`).toBeLessThanOrEqual(2);
      // It ran on after the kill, up to the end.
      expect(slots.at(-1)!, `${id} stopped after the kill`).toBeGreaterThanOrEqual(Math.floor((end - phase) / slotMs) - 2);
    }
    expect(checks.some((check) => check.startedAt.getTime() > killedAt)).toBe(true);
  });
});
