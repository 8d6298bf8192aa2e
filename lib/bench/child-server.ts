import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import type { RunningServer } from "./app-server";

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

/**
 * A bench's helper server in a process of its own, so it shares no event
 * loop with the load generator: `tsx <script> <args…>`, given `input` on its
 * stdin, ready once it prints "ready", stopped with SIGTERM.
 */
export async function spawnBenchServer(options: { script: string; args: readonly string[]; port: number; description: string; input?: string }): Promise<RunningServer> {
  const child = spawn(process.execPath, [tsxCli, options.script, ...options.args], { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(options.input ?? "");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${options.description} exited with code ${code} before it was ready`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${options.port}`,
    description: options.description,
    ...(child.pid !== undefined && { pid: child.pid }),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** What a helper server started by spawnBenchServer was given on its stdin. */
export async function benchServerInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
