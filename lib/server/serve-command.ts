import { createRequire } from "node:module";
import path from "node:path";

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

/** Node arguments that run the app server on an existing build, as `npm start` does after building. */
export function serveCommandArgs(port: number, hostname = "127.0.0.1"): string[] {
  return [tsxCli, path.join(process.cwd(), "lib", "server", "serve-cli.ts"), "-p", String(port), "-H", hostname];
}
