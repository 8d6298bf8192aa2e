import { createHash } from "node:crypto";
import type { Database } from "@/lib/db";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import { countInWindow, positiveInteger, tooManyRequests } from "./manage/rate-limit";

/** Visitors' subscribe requests allowed per minute: per client address, and per email address or webhook URL. */
export type SubscribeLimits = { perClient: number; perAddress: number };

export function subscribeLimitsFromEnv(env: Record<string, string | undefined> = process.env): SubscribeLimits {
  return {
    perClient: positiveInteger(env.STATUS_SUBSCRIBES_PER_MINUTE, 10),
    perAddress: positiveInteger(env.STATUS_SUBSCRIBES_PER_ADDRESS_PER_MINUTE, 2),
  };
}

/**
 * The subscribe limits, counted in the manage API's database windows
 * (status.rate_limit_window), so they hold across every instance. A client
 * address counts every request, valid or not; an email address or URL
 * counts each subscribe to it, from any client, so nobody can flood one
 * inbox or endpoint with confirmation requests. The address is kept as a
 * hash: the counters never hold a subscriber's address.
 */
export async function spendClientAllowance(db: Database, request: Request, now: Date, limits: SubscribeLimits): Promise<void> {
  const client = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || "unknown";
  if ((await countInWindow(db, [`subscribe:client:${client}`], now)) > limits.perClient) {
    throw tooManyRequests(`at most ${limits.perClient} subscribe requests per minute per client address`, now);
  }
}

export async function spendAddressAllowance(db: Database, address: string, now: Date, limits: SubscribeLimits): Promise<void> {
  const digest = createHash("sha256").update(address).digest("base64url");
  if ((await countInWindow(db, [`subscribe:address:${digest}`], now)) > limits.perAddress) {
    throw tooManyRequests(`at most ${limits.perAddress} subscribe requests per minute per email address or webhook URL`, now);
  }
}
