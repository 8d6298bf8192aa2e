import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "@/lib/db";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import { serveInProcess } from "@/lib/routes/in-process";
import type { Actor, ServiceContext } from "../../manage/context";
import { createMonitor } from "../../manage/monitors";
import { TEST_PAGE } from "../../testing/harness";
import type { CheckEnvironment } from "../measurement";
import type { MonitorSchedulerOptions } from "../scheduler";
import { createMonitorScheduler } from "../scheduler";

/** Test-only: a page with one component, a clock the test moves, and schedulers over the test database. */
export const OPERATOR: Actor = { apiKeyId: null, name: "operator", scopes: ["read", "write"] };

export async function monitorWorld(db: Database, start: Date) {
  const clock = { time: start };
  const now = () => clock.time;
  // Each world measures only its own monitors.
  await db.sql.query("DELETE FROM status.monitor");
  await db.prisma.page.upsert({ where: { id: TEST_PAGE.id }, create: { ...TEST_PAGE, updatedAt: start }, update: {} });
  const component = await db.prisma.component.create({
    data: { id: `c${Math.random().toString(36).slice(2, 13)}`, pageId: TEST_PAGE.id, name: "Mirror API", status: "operational", position: 1, createdAt: start, updatedAt: start },
  });
  const context: ServiceContext = { db, clock: now, actor: OPERATOR, pageId: TEST_PAGE.id };
  const env: CheckEnvironment = {
    mirrorSql: async () => db.sql,
    serveLocal: (request) => serveInProcess({ sql: async () => db.sql, config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(clock.time.getTime()) * 1_000_000n }, request),
    readExample: (id) => readFile(path.join(process.cwd(), "public", "examples", `${id}.bin`)),
    now,
  };
  const scheduler = (options: Partial<MonitorSchedulerOptions> = {}) => createMonitorScheduler(db, { env, clock: now, ...options });
  const addMonitor = (monitor: Record<string, unknown>) => createMonitor(context, { monitor: { component_id: component.id, name: "check", ...monitor } });
  const componentRow = () => db.prisma.component.findUniqueOrThrow({ where: { id: component.id } });
  const advance = (ms: number) => (clock.time = new Date(clock.time.getTime() + ms));
  return { clock, now, component, context, env, scheduler, addMonitor, componentRow, advance };
}
