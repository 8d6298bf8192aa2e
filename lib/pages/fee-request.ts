import { readFile } from "node:fs/promises";
import path from "node:path";
import { routeFileHandlers } from "@/lib/routes/served";
import type { TransactionSummary } from "./describe-transaction";
import { describeTransactionBytes } from "./describe-transaction";
import { FEE_EXAMPLES } from "./fee-examples";

/** The endpoint's handler with its error mapping, as the route serves it. */
const servedEstimate = routeFileHandlers("/api/v1/network/fees").POST;

export type FeeMode = "INTRINSIC" | "STATE";

/** What the fee page shows after pricing: the decoded summary and the endpoint's answer, verbatim. */
export type PricedTransaction = { summary: TransactionSummary | null; status: number; body: string };

/** `?mode=` and `?throttle=` of a shared link, read leniently (a bad value falls back to the default). */
export function readFeeOptions(mode: unknown, throttle: unknown, fallbackThrottle = 0): { mode: FeeMode; throttle: number } {
  const value = typeof throttle === "string" && /^\d{1,5}$/.test(throttle) ? Number(throttle) : fallbackThrottle;
  return { mode: typeof mode === "string" && mode.toUpperCase() === "STATE" ? "STATE" : "INTRINSIC", throttle: Math.min(value, 10_000) };
}

/** A shipped example's bytes; null for an unknown id. */
export async function readExample(id: string): Promise<Uint8Array | null> {
  if (!FEE_EXAMPLES.some((example) => example.id === id)) return null;
  return new Uint8Array(await readFile(path.join(process.cwd(), "public", "examples", `${id}.bin`)));
}

/**
 * Prices bytes on the server, for a shared link opened without a round trip:
 * the request goes through the very handler `POST /api/v1/network/fees`
 * serves, so the page and the API cannot disagree.
 */
export async function priceOnServer(bytes: Uint8Array, options: { mode: FeeMode; throttle: number }): Promise<PricedTransaction> {
  const query = new URLSearchParams({ mode: options.mode, high_volume_throttle: String(options.throttle) });
  const request = new Request(`http://fees.internal/api/v1/network/fees?${query}`, {
    method: "POST",
    headers: { "content-type": "application/protobuf" },
    body: new Uint8Array(bytes),
  });
  const response = await servedEstimate(request);
  return { summary: describeTransactionBytes(bytes), status: response.status, body: await response.text() };
}
