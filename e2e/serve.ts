import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createScratchDatabase } from "../lib/db/testing/postgres";
import { serverEnv } from "../lib/server/ensure-build";
import { serveCommandArgs } from "../lib/server/serve-command";
import { CLUSTER_DATABASE_FILE, CLUSTER_PORTS, E2E_ADMIN_API_KEY, EMBEDDED_DATA_DIR, EMBEDDED_PORT, EMBEDDED_SMTP_PORT } from "./servers";

/**
 * Starts the production build for the end-to-end suites (the build itself is
 * made beforehand by `npm run test:e2e`, so servers never race to build):
 *   embedded: one instance on a fresh embedded database with demo data;
 *   cluster:  two instances started at the same moment against one new
 *             PostgreSQL database, proving concurrent starts migrate once.
 */
const mode = process.argv[2];
const children: ChildProcess[] = [];
let cleanup: () => Promise<void> = async () => {};

function startServer(port: number, env: Record<string, string>): void {
  const child = spawn(process.execPath, serveCommandArgs(port), {
    stdio: "inherit",
    env: { ...serverEnv, ...env },
  });
  child.on("exit", (code) => {
    if (code) void stop(code);
  });
  children.push(child);
}

async function stop(code: number): Promise<never> {
  for (const child of children) child.kill("SIGTERM");
  await cleanup().catch(() => {});
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));

if (mode === "embedded") {
  fs.rmSync(EMBEDDED_DATA_DIR, { recursive: true, force: true });
  // Emails go to the subscriptions spec's SMTP server and carry links to this server.
  startServer(EMBEDDED_PORT, {
    DATA_DIR: EMBEDDED_DATA_DIR,
    DATABASE_URL: "",
    ADMIN_API_KEY: E2E_ADMIN_API_KEY,
    SMTP_URL: `smtp://127.0.0.1:${EMBEDDED_SMTP_PORT}`,
    PUBLIC_URL: `http://127.0.0.1:${EMBEDDED_PORT}`,
  });
} else if (mode === "cluster") {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("cluster mode needs TEST_DATABASE_URL");
  const scratch = await createScratchDatabase(serverUrl);
  fs.mkdirSync(".data", { recursive: true });
  fs.writeFileSync(CLUSTER_DATABASE_FILE, scratch.url);
  cleanup = async () => {
    fs.rmSync(CLUSTER_DATABASE_FILE, { force: true });
    await scratch.drop();
  };
  for (const port of CLUSTER_PORTS) startServer(port, { DATABASE_URL: scratch.url });
} else {
  throw new Error(`usage: tsx e2e/serve.ts embedded|cluster (got ${mode})`);
}
