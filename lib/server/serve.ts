import { parseArgs } from "node:util";
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import { startHttpServer } from "./http-server";

/**
 * Serves the production build: `-p/--port` (else PORT, else 3000) and
 * `-H/--hostname` (else HOSTNAME, else all interfaces). On SIGINT/SIGTERM it
 * stops accepting, lets requests in flight finish, and closes the database
 * so an embedded one is left clean.
 */
export async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const hostname = values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";
  const app = await startHttpServer({ port, hostname });
  console.log(`Serving on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    await app.close();
    await (await getDatabase()).close();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
}
