import { createServer, type Server } from "node:http";
import next from "next";
import { dispatchServed } from "@/lib/routes/served";
import { boot } from "./boot";
import { answerClientError } from "./client-error";
import { stampClientAddress } from "./node-fetch-bridge";
import { appServerPageSnapshots, loopbackOrigin } from "./page-snapshots";
import { createRequestListener } from "./request-listener";

export type AppServer = { server: Server; close: () => Promise<void> };

/**
 * The production HTTP server: the API routes of the route table
 * (lib/routes/table.ts) are answered by their handlers directly, everything
 * else (pages, assets, the /api catch-all, any other route file) by Next. Next's router costs about 0.6 ms a request on this class of
 * machine, an order of magnitude more than a JSON API response itself.
 */
export async function startHttpServer(options: { port: number; hostname?: string; dir?: string }): Promise<AppServer> {
  const hostname = options.hostname ?? "0.0.0.0";
  const nextApp = next({ dev: false, dir: options.dir ?? process.cwd(), hostname, port: options.port });
  const handleWithNext = nextApp.getRequestHandler();
  await nextApp.prepare();
  await boot();

  const pages = appServerPageSnapshots(loopbackOrigin(hostname, options.port));
  const server = createServer(
    createRequestListener(dispatchServed, (request, reply) => {
      stampClientAddress(request);
      pages.serve(request, reply, () => void handleWithNext(request, reply));
    }),
  );
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, hostname, () => resolve());
  });
  return {
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await nextApp.close();
    },
  };
}
