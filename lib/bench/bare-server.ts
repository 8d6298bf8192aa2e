import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RunningServer } from "./app-server";

/**
 * The yardstick under the trivial route: a bare `node:http` server that
 * answers every request with the bytes `GET /api/health` answers (the same
 * headers in the same order, a fresh request id, the same body) and does
 * nothing else. What the app server costs beyond it is its own request path.
 */
const BODY = '{"status":"ok"}';

export function startBareServer(port: number, hostname = "127.0.0.1"): Promise<() => Promise<void>> {
  const server = createServer((_request, reply) => {
    reply.writeHead(200, {
      "cache-control": "no-store",
      "content-type": "application/json; charset=utf-8",
      "x-content-type-options": "nosniff",
      "x-request-id": randomUUID(),
      "content-length": String(BODY.length),
    });
    reply.end(BODY);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () =>
      resolve(
        () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      ),
    );
  });
}

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

/** The bare server in a process of its own (BENCH_BARE_PORT, default 3293), so it shares no event loop with the load generator. */
export async function spawnBareServer(port = Number(process.env.BENCH_BARE_PORT ?? 3293)): Promise<RunningServer> {
  const child = spawn(process.execPath, [tsxCli, fileURLToPath(import.meta.url), String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited with code ${code} before it was ready`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    description: `a bare node:http server answering /api/health's bytes on port ${port}`,
    ...(child.pid !== undefined && { pid: child.pid }),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// Run as its own process by the benches (lib/bench/app-server.ts), so it shares no event loop with the load generator.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await startBareServer(Number(process.argv[2]));
  console.log("ready");
}
