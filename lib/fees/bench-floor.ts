/**
 * The estimate's floor for `npm run bench:fees`: a bare `node:http` server
 * that does for each request only the work no request path avoids (read the
 * body, decode it, price it INTRINSIC, serialize the estimate) and writes it
 * with the headers the app answered, in a process of its own. Between the
 * trivial route and this floor lies what our request path adds to an estimate.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RunningServer } from "@/lib/bench/app-server";
import { benchServerInput, spawnBenchServer } from "@/lib/bench/child-server";
import { stringifyJson } from "@/lib/http/json";
import { decodeFeeRequestBody } from "./decode";
import { estimateFees } from "./price";
import { DEFAULT_FEE_SCHEDULE } from "./schedule";
import { NO_STATE } from "./state";

function serveFloor(port: number, headers: Array<[string, string]>): Promise<void> {
  const server = createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const transaction = decodeFeeRequestBody(new Uint8Array(Buffer.concat(chunks)));
      const body = stringifyJson(estimateFees(transaction, DEFAULT_FEE_SCHEDULE, { mode: "INTRINSIC", highVolumeThrottle: 0, state: NO_STATE }));
      reply.writeHead(200, [...headers, ["x-request-id", randomUUID()], ["content-length", String(Buffer.byteLength(body))]].flat());
      reply.end(body);
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
}

/** The floor server on `port`, answering with `headers` (the app's, recorded; no length or request id). */
export function spawnEstimateFloor(port: number, headers: Array<[string, string]>): Promise<RunningServer> {
  return spawnBenchServer({
    script: fileURLToPath(import.meta.url),
    args: [String(port)],
    port,
    input: JSON.stringify(headers),
    description: `the estimate's floor on port ${port}: bare node:http, body, decode, INTRINSIC price and JSON, nothing else`,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await serveFloor(Number(process.argv[2]), JSON.parse(await benchServerInput()) as Array<[string, string]>);
  console.log("ready");
}
