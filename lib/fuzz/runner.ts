import http from "node:http";
import { Random } from "@/lib/seed/mirror/random";
import { bodyRequest, contractCallEndpoint, feeEstimateEndpoint } from "./body-targets";
import { mirrorQueryRequest } from "./query-targets";
import type { FuzzRequest } from "./request";
import { judge } from "./verdict";

/** A family of requests the fuzzer draws from, as often as its weight. */
export type FuzzTarget = {
  readonly name: string;
  readonly weight: number;
  readonly next: (random: Random) => FuzzRequest;
  /** 5xx statuses the endpoint documents (upstream's 500/503 of `/contracts/call`, say): not findings. */
  readonly allowedServerErrors?: ReadonlySet<number>;
};

/** The targets `npm run fuzz` runs: fee estimator and contract call bodies, and the mirror endpoints' path and query parameters. */
export function defaultTargets(): FuzzTarget[] {
  const fees = feeEstimateEndpoint();
  const calls = contractCallEndpoint();
  return [
    { name: "fee bodies", weight: 1, next: (random) => bodyRequest(random, fees) },
    // 501 is the honest "not yet" of an unserved system contract, 503 a call past its time budget.
    { name: "contract calls", weight: 1, next: (random) => bodyRequest(random, calls), allowedServerErrors: new Set([501, 503]) },
    { name: "mirror queries", weight: 1, next: mirrorQueryRequest },
  ];
}

export type FuzzOptions = {
  readonly baseUrl: string;
  readonly targets: readonly FuzzTarget[];
  /** Stop after this many requests… */
  readonly requests: number;
  /** …or after this long, whichever comes first. */
  readonly seconds: number;
  readonly seed: string;
  readonly connections: number;
  /** A request with no answer for this long is a hang. */
  readonly timeoutMs: number;
  readonly onProgress?: (sent: number) => void;
};

export type Finding = { readonly target: string; readonly request: FuzzRequest; readonly status?: number; readonly body?: string; readonly error?: string };

export type FuzzReport = {
  sent: number;
  elapsedMs: number;
  byStatus: Map<number, number>;
  byTarget: Map<string, number>;
  serverErrors: Finding[];
  hangs: Finding[];
  nonEnvelope: Finding[];
  /** Connections that failed (reset, refused) rather than answered. */
  transportErrors: Finding[];
};

const KEPT_BODY_CHARS = 2000;

/**
 * Sends `requests` generated requests (fewer if `seconds` runs out) over
 * `connections` keep-alive connections. The sequence of requests depends on
 * the seed alone: each is drawn in turn from one seeded stream, whichever
 * connection sends it.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const random = new Random(`fuzz:${options.seed}`);
  const weights = options.targets.map((target) => [target, target.weight] as const);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const base = new URL(options.baseUrl);
  const report: FuzzReport = { sent: 0, elapsedMs: 0, byStatus: new Map(), byTarget: new Map(), serverErrors: [], hangs: [], nonEnvelope: [], transportErrors: [] };
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  let drawn = 0;

  const worker = async () => {
    while (drawn < options.requests && Date.now() < deadline) {
      drawn++;
      const target = random.weighted(weights);
      const request = target.next(random);
      const outcome = await send(agent, base, request, options.timeoutMs);
      report.sent++;
      report.byTarget.set(target.name, (report.byTarget.get(target.name) ?? 0) + 1);
      if ("hang" in outcome) report.hangs.push({ target: target.name, request });
      else if ("error" in outcome) report.transportErrors.push({ target: target.name, request, error: outcome.error });
      else {
        report.byStatus.set(outcome.status, (report.byStatus.get(outcome.status) ?? 0) + 1);
        const verdict = judge(outcome.status, outcome.body, target.allowedServerErrors);
        const finding = { target: target.name, request, status: outcome.status, body: outcome.body.slice(0, KEPT_BODY_CHARS) };
        if (verdict === "server-error") report.serverErrors.push(finding);
        else if (verdict === "non-envelope") report.nonEnvelope.push(finding);
      }
      options.onProgress?.(report.sent);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    agent.destroy();
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

type Outcome = { status: number; body: string } | { hang: true } | { error: string };

function send(agent: http.Agent, base: URL, request: FuzzRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const outgoing = http.request({
      agent,
      host: base.hostname,
      port: base.port,
      method: request.method,
      path: request.path,
      headers: { ...request.headers, ...(request.body && { "content-length": String(request.body.length) }) },
    });
    outgoing.setTimeout(timeoutMs, () => {
      settle({ hang: true });
      outgoing.destroy();
    });
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => settle({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error) => settle({ error: error.message }));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    outgoing.end(request.body);
  });
}
