import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RunningServer } from "./app-server";
import { benchServerInput, spawnBenchServer } from "./child-server";
import type { LoadTarget } from "./http-load";

/**
 * The yardstick under every measured route: a bare `node:http` server that
 * answers each request with the bytes recorded from the app for its method
 * and path (the same status, headers in the same order, a fresh request id,
 * the same body, gzipped when the app gzipped it), reading a request's body
 * first as any server must, and doing nothing else; 404 to a request nothing
 * was recorded for. What the app costs beyond it on a route is its own work
 * on that route.
 */

/** An answer as the app sent it: the status, the headers in order (the request id left out) and the body's bytes. */
export type RecordedAnswer = { status: number; headers: Array<[string, string]>; body: Buffer };

const NOT_RECORDED: RecordedAnswer = { status: 404, headers: [], body: Buffer.alloc(0) };

/** Headers a server writes per response or per connection: the bare server's own `node:http` writes those. */
const PER_RESPONSE_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "x-request-id"]);

/** What `target` answers on `baseUrl`, byte for byte (no decoding), asked exactly as the load generator asks it. */
export function recordAnswer(baseUrl: string, target: LoadTarget & { path: string }): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(new URL(target.path, baseUrl), { method: target.method ?? "GET", headers: target.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Array<[string, string]> = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index]!.toLowerCase();
          if (!PER_RESPONSE_HEADERS.has(name)) headers.push([name, response.rawHeaders[index + 1]!]);
        }
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end(target.body);
  });
}

/** Answer keys: the method and the path a request asks for. */
export const answerKey = (method: string, requestPath: string) => `${method} ${requestPath}`;

export function startBareServer(port: number, answers: ReadonlyMap<string, RecordedAnswer>, hostname = "127.0.0.1"): Promise<() => Promise<void>> {
  const server = createServer((request, reply) => {
    const answer = answers.get(answerKey(request.method ?? "GET", request.url ?? "/")) ?? NOT_RECORDED;
    const send = () => {
      const headers: Array<[string, string]> = [...answer.headers, ["x-request-id", randomUUID()], ["content-length", String(answer.body.length)]];
      reply.writeHead(answer.status, headers.flat());
      reply.end(answer.body);
    };
    if (request.method === "GET" || request.method === "HEAD") return send();
    request.on("data", () => {});
    request.on("end", send);
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

type SavedAnswers = Array<{ key: string; status: number; headers: Array<[string, string]>; body: string }>;

/**
 * The bare server in a process of its own (BENCH_BARE_PORT, default 3293), so it shares no event loop with the
 * load generator, answering `answers` (by answerKey).
 */
export function spawnBareServer(answers: ReadonlyMap<string, RecordedAnswer>, port = Number(process.env.BENCH_BARE_PORT ?? 3293)): Promise<RunningServer> {
  const saved: SavedAnswers = [...answers].map(([key, answer]) => ({ key, status: answer.status, headers: answer.headers, body: answer.body.toString("base64") }));
  return spawnBenchServer({
    script: fileURLToPath(import.meta.url),
    args: [String(port)],
    port,
    input: JSON.stringify(saved),
    description: `a bare node:http server on port ${port} answering each route with the bytes the app answered it`,
  });
}

// Run as its own process by the benches, so it shares no event loop with the load generator.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const saved = JSON.parse(await benchServerInput()) as SavedAnswers;
  const answers = new Map(saved.map(({ key, status, headers, body }) => [key, { status, headers, body: Buffer.from(body, "base64") }]));
  await startBareServer(Number(process.argv[2]), answers);
  console.log("ready");
}
