import http from "node:http";
import type { IncomingMessage } from "node:http";
import https from "node:https";
import type { z } from "zod";
import type { httpConfig } from "./config";
import type { Measurement } from "./measurement";
import { elapsedMs, errorText } from "./measurement";

type HttpConfig = z.output<typeof httpConfig>;

/** How much of a body an assertion reads; a larger body fails the check rather than filling memory. */
const MAX_BODY_BYTES = 1_048_576;

/**
 * An `http` check: one request with the operator's method, headers and body,
 * nothing more (no cookies, no credentials it was not given). Redirects are
 * followed by hand: to the same host, or to a host the operator allowed, and
 * then without the given Authorization and Cookie headers. The timeout
 * covers the whole exchange, redirects and body included.
 */
export async function runHttpCheck(config: HttpConfig, timeoutMs: number): Promise<Measurement> {
  const start = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const fail = (message: string): Measurement => ({ ok: false, latencyMs: elapsedMs(start), measure: elapsedMs(start), message });
  try {
    const origin = new URL(config.url);
    let url = origin;
    let headers: Record<string, string> = { ...config.headers };
    let method = config.method;
    let body = config.body;
    for (let hop = 0; ; hop++) {
      const response = await send(url, method, headers, body, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location && !config.expected_status.includes(status)) {
        response.destroy();
        if (hop >= config.max_redirects) return fail(`more than ${config.max_redirects} redirects`);
        const next = new URL(location, url);
        if (next.host !== origin.host) {
          if (!config.allowed_redirect_hosts.includes(next.hostname)) return fail(`redirect to ${next.host} not allowed`);
          headers = withoutCredentials(headers);
        }
        // 303, and 301/302 after a POST, turn into a GET without a body, as browsers do.
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        url = next;
        continue;
      }
      if (!config.expected_status.includes(status)) {
        response.destroy();
        return fail(`HTTP ${status}, expected ${config.expected_status.join(" or ")}`);
      }
      const needsBody = config.body_contains !== undefined || config.json_path !== undefined;
      const text = needsBody ? await readLimited(response) : (response.destroy(), "");
      const latencyMs = elapsedMs(start);
      if (config.body_contains !== undefined && !text.includes(config.body_contains)) {
        return { ok: false, latencyMs, measure: latencyMs, message: `HTTP ${status}, body lacks "${config.body_contains}"` };
      }
      if (config.json_path !== undefined) {
        const problem = checkJsonPath(text, config.json_path, config.json_equals);
        if (problem) return { ok: false, latencyMs, measure: latencyMs, message: `HTTP ${status}, ${problem}` };
      }
      return { ok: true, latencyMs, measure: latencyMs, message: `HTTP ${status} in ${Math.round(latencyMs)} ms` };
    }
  } catch (error) {
    return fail(signal.aborted ? `timed out after ${timeoutMs} ms` : errorText(error));
  }
}

/** One request on a connection of its own (no pool: every check measures, and proves, a fresh connection). */
function send(url: URL, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method, headers, agent: false, signal }, resolve);
    request.once("error", reject);
    request.end(body);
  });
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !["authorization", "cookie", "proxy-authorization"].includes(name.toLowerCase())));
}

async function readLimited(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) {
      response.destroy();
      throw new Error(`body larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Null when `$.a.b[0]` exists in the JSON text (and equals `expected` when given), else what is wrong. */
export function checkJsonPath(text: string, path: string, expected: unknown): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "body is not JSON";
  }
  for (const step of path.slice(1).match(/\.[^.[]+|\[\d+\]/g) ?? []) {
    const key = step.startsWith("[") ? Number(step.slice(1, -1)) : step.slice(1);
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return `${path} is missing`;
    value = (value as Record<string | number, unknown>)[key];
  }
  if (expected !== undefined && value !== expected) return `${path} is ${JSON.stringify(value)}, expected ${JSON.stringify(expected)}`;
  return null;
}
