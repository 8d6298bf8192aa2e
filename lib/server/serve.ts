import { parseArgs } from "node:util";
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import { closeMirrorDatabase } from "@/lib/mirror/db";
import { startHttpServer } from "./http-server";
import { listenOnSdkPorts, SDK_PORTS, sdkPortsRequested } from "./sdk-ports";

/**
 * Serves the production build: `-p/--port` (else PORT, else 3000) and
 * `-H/--hostname` (else HOSTNAME, else all interfaces); `--sdk-ports` (or
 * SDK_PORTS=1) also answers on the loopback ports the JS SDK uses for a local
 * network (lib/server/sdk-ports.ts). On SIGINT/SIGTERM it stops accepting,
 * lets requests in flight finish, and closes the databases so an embedded one
 * is left clean.
 */
export async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" }, "sdk-ports": { type: "boolean" } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const hostname = values.hostname ?? process.env.HOSTNAME ?? "0.0.0.0";
  const app = await startHttpServer({ port, hostname });
  const address = app.server.address();
  const listening = typeof address === "object" && address ? address.port : port;
  console.log(`Serving on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${listening}`);
  let stopSdkPorts = async () => {};
  if (sdkPortsRequested(values["sdk-ports"])) {
    stopSdkPorts = await listenOnSdkPorts(app.server);
    for (const { port: sdkPort, serves } of SDK_PORTS) console.log(`  and on http://127.0.0.1:${sdkPort} for the JS SDK (${serves})`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    await stopSdkPorts();
    await app.close();
    await closeMirrorDatabase();
    await (await getDatabase()).close();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
}
