import { spawn } from "node:child_process";
import { ensureBuild, nextCli, serverEnv } from "./ensure-build";

/**
 * `npm start`: a production build from the current sources, then `next start`
 * (PORT honoured). Migrations and first-start seeding run inside the server
 * (instrumentation.ts), so a plain `next start` behind a process manager
 * behaves the same.
 */
ensureBuild(process.cwd());

const server = spawn(process.execPath, [nextCli, "start", ...process.argv.slice(2)], { stdio: "inherit", env: serverEnv });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
