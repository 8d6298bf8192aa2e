import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "@/lib/db";
import { log } from "@/lib/http/log";
import { getMirrorDatabase } from "@/lib/mirror/db";
import { systemClock } from "../clock";
import { loadMonitorsFile } from "./config-file";
import type { CheckEnvironment } from "./measurement";
import { startMonitorScheduler } from "./scheduler";

/** What a check of the running server reaches: its mirror database, its own routes in process, the fee page's samples. */
export const serverCheckEnvironment: CheckEnvironment = {
  mirrorSql: async () => (await getMirrorDatabase()).sql,
  serveLocal: async (request) => {
    // Loaded on first use: boot needs the route table only if a check asks this server.
    const { dispatchServed } = await import("@/lib/routes/served");
    const found = dispatchServed(request.method, new URL(request.url).pathname);
    if (!found) return new Response(null, { status: 404 });
    return found.handler(request, { params: Promise.resolve(found.params) });
  },
  // Read at run time from the app folder, not bundled (the id is checked by the config schema: [a-z0-9-]+).
  readExample: (id) => readFile(path.join(/* turbopackIgnore: true */ process.cwd(), "public", "examples", `${id}.bin`)),
  now: () => new Date(),
};

/**
 * The monitors of a server process (lib/server/boot.ts, every instance):
 * loads MONITORS_FILE if set, then runs the scheduler. MONITOR_CONCURRENCY
 * bounds the checks in flight per instance (default 32); 0 makes an instance
 * that runs none (an API-only instance: the others measure). Returns a stop function.
 */
export function startMonitors(getDb: () => Promise<Database>, env: Record<string, string | undefined> = process.env): () => void {
  if (env.MONITORS_FILE) {
    void getDb()
      .then((db) => loadMonitorsFile(db, env.MONITORS_FILE!, systemClock))
      .then((report) => log.info("monitors file loaded", { file: env.MONITORS_FILE, ...report }))
      .catch((error: unknown) => log.error("monitors file not loaded", { file: env.MONITORS_FILE, error: error instanceof Error ? error.message : String(error) }));
  }
  const concurrency = monitorConcurrency(env.MONITOR_CONCURRENCY);
  if (concurrency === 0) {
    log.info("monitor checks off on this instance (MONITOR_CONCURRENCY=0)");
    return () => {};
  }
  return startMonitorScheduler(getDb, { env: serverCheckEnvironment, concurrency });
}

/** MONITOR_CONCURRENCY read: a whole number ≥ 0, else the default 32. */
export function monitorConcurrency(setting: string | undefined): number {
  const concurrency = Number(setting ?? 32);
  return setting !== undefined && setting.trim() !== "" && Number.isInteger(concurrency) && concurrency >= 0 ? concurrency : 32;
}
