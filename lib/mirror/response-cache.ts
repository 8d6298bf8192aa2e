import type { Handler } from "@/lib/http/handler";
import { bodyResponse, knownBody } from "@/lib/http/response";
import { CACHE_CONTROL } from "./cache-control";

/** The CACHE_CONTROL entry whose max-age bounds how long a route's responses are reused. */
export type CachePolicy = keyof typeof CACHE_CONTROL;

export type ResponseCacheOptions = {
  /** Most responses kept (least recently used go first). */
  maxEntries?: number;
  /** Most body bytes kept; a larger body is never stored. */
  maxBytes?: number;
  /** Milliseconds since the epoch; injected by tests. */
  now?: () => number;
};

type Entry = { status: number; headers: Array<[string, string]>; body: string | Uint8Array; bytes: number; expiresAt: number };

const MAX_AGE = /max-age=(\d+)/;

/**
 * Serves a route's successful responses again for their max-age (at most the
 * policy's), keyed by path and query as requested. An entry holds the finished
 * status, headers and body; each hit gets a new Response whose max-age is
 * what remains, so a client or proxy caching it never holds data longer than
 * max-age after it was read. That bound also holds with several app
 * instances, each with its own cache, without invalidation: mirror data is
 * only appended to, and max-age is how stale upstream lets these lists be.
 * Concurrent misses of one URL run the handler once.
 */
export function withResponseCache(handler: Handler, policy: CachePolicy, options: ResponseCacheOptions = {}): Handler {
  const policyMs = maxAgeSeconds(CACHE_CONTROL[policy]) * 1000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const filling = new Map<string, Promise<Entry | undefined>>();
  let storedBytes = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    storedBytes -= entry.bytes;
  };

  const lookup = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    remove(key, entry);
    if (entry.expiresAt <= at) return undefined;
    entries.set(key, entry);
    storedBytes += entry.bytes;
    return entry;
  };

  const store = (key: string, entry: Entry) => {
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    storedBytes += entry.bytes;
    for (const [oldest, old] of entries) {
      if (entries.size <= maxEntries && storedBytes <= maxBytes) break;
      remove(oldest, old);
    }
  };

  const replay = (entry: Entry, at: number): Response => {
    const headers = new Headers(entry.headers);
    const remaining = Math.max(0, Math.floor((entry.expiresAt - at) / 1000));
    headers.set("cache-control", (headers.get("cache-control") ?? "").replace(MAX_AGE, `max-age=${remaining}`));
    return bodyResponse(entry.body, { status: entry.status, headers });
  };

  return async (request, context) => {
    const url = new URL(request.url);
    const key = `${url.pathname}${url.search}`;
    const at = now();
    const hit = lookup(key, at);
    if (hit) return replay(hit, at);
    const pending = filling.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) return replay(shared, now());
      return handler(request, context);
    }

    let settle: (entry: Entry | undefined) => void = () => {};
    filling.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      const response = await handler(request, context);
      const ttlMs = Math.min(policyMs, maxAgeSeconds(response.headers.get("cache-control") ?? "") * 1000);
      if (response.status !== 200 || ttlMs <= 0) {
        settle(undefined);
        return response;
      }
      const body = knownBody(response) ?? new Uint8Array(await response.arrayBuffer());
      const bytes = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
      // Counted from the request's start: the data is no older than that.
      const entry: Entry = { status: response.status, headers: [...response.headers], body, bytes, expiresAt: at + ttlMs };
      store(key, entry);
      settle(entry);
      return replay(entry, at);
    } catch (error) {
      settle(undefined);
      throw error;
    } finally {
      filling.delete(key);
    }
  };
}

function maxAgeSeconds(cacheControl: string): number {
  return Number(MAX_AGE.exec(cacheControl)?.[1] ?? 0);
}
