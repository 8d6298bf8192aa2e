import { spawn } from "node:child_process";
import fs from "node:fs";
import { ensureBuild, serverEnv } from "@/lib/server/ensure-build";
import { serveCommandArgs } from "@/lib/server/serve-command";

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts the app server on the production build for a benchmark, as
 * `npm start` runs it, and waits until it reports ready. Building first when stale.
 */
export async function startAppServer(options: { port: number; env?: Record<string, string> }): Promise<RunningServer> {
  ensureBuild(process.cwd());
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, serveCommandArgs(options.port), {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...serverEnv, LOG_LEVEL: "silent", ...options.env },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) {
        return {
          baseUrl,
          stop: async () => {
            child.kill("SIGTERM");
            await exited;
          },
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`server at ${baseUrl} not ready within 120 s`);
}

/** A fresh folder for an embedded database used by one benchmark run. */
export function freshDataDir(name: string): string {
  const dir = `.data/bench-${name}`;
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

/**
 * The server a benchmark measures: the one at BASE_URL when given (a running
 * `next start`, left running), else a fresh one on an embedded database.
 */
export async function benchmarkServer(name: string, port: number): Promise<RunningServer> {
  const given = process.env.BASE_URL?.replace(/\/$/, "");
  if (given) return { baseUrl: given, stop: async () => {} };
  return startAppServer({ port, env: { DATA_DIR: freshDataDir(name), DATABASE_URL: "" } });
}
