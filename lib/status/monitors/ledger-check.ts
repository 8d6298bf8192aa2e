import type { z } from "zod";
import type { feeEstimateConfig, mirrorApiConfig } from "./config";
import type { CheckEnvironment, Measurement } from "./measurement";
import { elapsedMs, errorText } from "./measurement";
import { newestConsensusEnd } from "./queries";

/**
 * The checks that know the ledger: how old the newest record file is, how
 * the mirror REST API answers, and whether fee estimation gives a known
 * transaction its known total.
 */

/** `ledger-freshness`: the age in seconds of the newest record_file.consensus_end in the mirror database. */
export async function runLedgerFreshnessCheck(env: CheckEnvironment, timeoutMs: number): Promise<Measurement> {
  const start = performance.now();
  try {
    const newest = await withTimeout(env.mirrorSql().then(newestConsensusEnd), timeoutMs);
    const latencyMs = elapsedMs(start);
    if (newest === null) return { ok: false, latencyMs, measure: latencyMs, message: "The mirror database has no blocks" };
    const ageSeconds = Math.max(0, Number(BigInt(env.now().getTime()) * 1_000_000n - newest) / 1e9);
    return { ok: true, latencyMs, measure: ageSeconds, message: `Newest block is ${formatAge(ageSeconds)} old` };
  } catch (error) {
    const latencyMs = elapsedMs(start);
    return { ok: false, latencyMs, measure: latencyMs, message: `Mirror database unreachable: ${errorText(error)}` };
  }
}

/** "94 s", "12 min", "3 h": how long, in the unit a reader takes in at once. */
export function formatAge(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/**
 * `mirror-api`: every path at once; the measure is the slowest answer. All
 * answering 2xx is up; some failing is a partial outage, all a major one.
 */
export async function runMirrorApiCheck(config: z.output<typeof mirrorApiConfig>, env: CheckEnvironment, timeoutMs: number): Promise<Measurement> {
  const start = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const results = await Promise.all(
    config.paths.map(async (path) => {
      const began = performance.now();
      try {
        const response = await send(env, config.base_url, new Request(new URL(path, config.base_url ?? "http://localhost"), { signal }), signal, timeoutMs);
        await response.body?.cancel();
        return { path, ms: elapsedMs(began), problem: response.ok ? null : `HTTP ${response.status}` };
      } catch (error) {
        return { path, ms: elapsedMs(began), problem: signal.aborted ? "timed out" : errorText(error) };
      }
    }),
  );
  const latencyMs = elapsedMs(start);
  const failed = results.filter((result) => result.problem !== null);
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
  if (failed.length === 0) {
    return { ok: true, latencyMs, measure: slowest.ms, message: `${results.length} of ${results.length} requests answered; slowest ${slowest.path} in ${Math.round(slowest.ms)} ms` };
  }
  const first = failed[0]!;
  return {
    ok: false,
    latencyMs,
    measure: slowest.ms,
    message: `${results.length - failed.length} of ${results.length} requests answered; ${first.path}: ${first.problem}`,
    failedStatus: failed.length < results.length ? "partial_outage" : "major_outage",
  };
}

/** `fee-estimate`: the known transaction through POST /api/v1/network/fees; up when the answer's total is the known one. */
export async function runFeeEstimateCheck(config: z.output<typeof feeEstimateConfig>, env: CheckEnvironment, timeoutMs: number): Promise<Measurement> {
  const start = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const fail = (message: string): Measurement => ({ ok: false, latencyMs: elapsedMs(start), measure: elapsedMs(start), message });
  try {
    const bytes = config.example !== undefined ? await env.readExample(config.example) : Buffer.from(config.transaction_base64!, "base64");
    const url = new URL(`/api/v1/network/fees?mode=${config.mode}`, config.base_url ?? "http://localhost");
    const request = new Request(url, { method: "POST", headers: { "content-type": "application/protobuf" }, body: new Uint8Array(bytes), signal });
    const response = await send(env, config.base_url, request, signal, timeoutMs);
    const text = await response.text();
    const latencyMs = elapsedMs(start);
    if (!response.ok) return fail(`Fee estimate answered HTTP ${response.status}`);
    const total = (JSON.parse(text) as { total?: unknown }).total;
    if (String(total) !== String(config.expected_total)) return fail(`Fee estimate total is ${String(total)} tinycents, expected ${config.expected_total}`);
    return { ok: true, latencyMs, measure: latencyMs, message: `Fee estimate answered its known total in ${Math.round(latencyMs)} ms` };
  } catch (error) {
    return fail(signal.aborted ? `Fee estimate timed out after ${timeoutMs} ms` : `Fee estimate failed: ${errorText(error)}`);
  }
}

/** To another server over the network (no redirects, no cookies), or to this one in process. */
function send(env: CheckEnvironment, baseUrl: string | undefined, request: Request, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  if (baseUrl !== undefined) return fetch(request, { redirect: "manual", credentials: "omit" });
  return withTimeout(env.serveLocal(request), timeoutMs, signal);
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, signal: AbortSignal = AbortSignal.timeout(timeoutMs)): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
