import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, serverEnv } from "@/lib/server/ensure-build";
import { serveCommandArgs } from "@/lib/server/serve-command";

export type RunningServer = {
  baseUrl: string;
  /** How it runs, for a report: started by the bench with its logging on, or given and left as it is. */
  description: string;
  /** The launched process, when this run started it (its descendants are the server). */
  pid?: number;
  stop: () => Promise<void>;
};

const LOG_DIR = path.join(".reports", "bench-logs");

/**
 * Starts the app server on the production build for a benchmark, as
 * `npm start` runs it, and waits until it reports ready. Building first when
 * stale. Request logging stays at its default, on (a LOG_LEVEL set in this
 * shell is not passed on), one line per request to
 * `.reports/bench-logs/server-<port>.log`, as a user's server writes to a
 * file: a benchmark with the logs off would measure a server no one runs.
 */
export async function startAppServer(options: { port: number; env?: Record<string, string> }): Promise<RunningServer> {
  ensureBuild(process.cwd());
  const baseUrl = `http://127.0.0.1:${options.port}`;
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logPath = path.join(LOG_DIR, `server-${options.port}.log`);
  const logFile = fs.openSync(logPath, "w");
  const child = spawn(process.execPath, serveCommandArgs(options.port), {
    stdio: ["ignore", logFile, "inherit"],
    env: benchServerEnv(serverEnv, options.env),
  });
  fs.closeSync(logFile);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/api/health/ready`)).ok) {
        return {
          baseUrl,
          description: `${baseUrl}, the production build started by this bench, request logging on (to ${logPath})`,
          ...(child.pid !== undefined && { pid: child.pid }),
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

/** The server's environment: this process's, without LOG_LEVEL (so logging is at its default, on), with the bench's own settings. */
export function benchServerEnv(base: NodeJS.ProcessEnv, own: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, ...own };
  if (!("LOG_LEVEL" in own)) delete env.LOG_LEVEL;
  return env;
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
  if (given) return { baseUrl: given, description: `${given} (BASE_URL, measured as it runs)`, stop: async () => {} };
  return startAppServer({ port, env: { DATA_DIR: freshDataDir(name), DATABASE_URL: "" } });
}
