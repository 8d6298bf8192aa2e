import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@/lib/http/errors";
import { ifNoneMatchMatches, strongEtag } from "@/lib/http/etag";
import { log } from "@/lib/http/log";
import { isChartRange } from "@/lib/pages/response-time-chart";
import { contentSecurityPolicy, inlineScriptHashes, PAGE_SECURITY_HEADERS } from "@/lib/pages/security-headers";
import { publicViews } from "@/lib/status/public-routes";
import { acceptsGzip, gzipBody, varyWithAcceptEncoding } from "@/lib/http/compression";

/** What Next answered for a page, read whole. */
export type RenderedPage = { status: number; headers: Headers; html: string };

/** A page answer as sent: status, headers and the body (empty for 304 and HEAD). */
export type PageAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** One representation of a snapshot, its headers made once: with Content-Length for a full answer, without for a 304. */
type Variant = { body: Buffer; etag: string; headers: Record<string, string>; notModifiedHeaders: Record<string, string> };

type Snapshot = {
  revision: bigint;
  renderedAt: number;
  status: number;
  identity: Variant;
  gzip: Variant;
};

export type PageSnapshotDeps = {
  /** The status page revision now (null before a page is set up: nothing is cached then). */
  revision: () => Promise<bigint | null>;
  render: (path: string) => Promise<RenderedPage>;
  now?: () => number;
};

/** How long a snapshot serves one revision: the time-based parts (day bars, "in progress for…") move on. */
export const SNAPSHOT_MAX_AGE_MS = 60_000;
/**
 * A page showing measurements (`/`: last checks, response-time charts) is
 * re-rendered in the background once this old, and never served older than
 * MEASURED_MAX_AGE_MS: checks land every few seconds without a revision.
 */
export const MEASURED_REFRESH_MS = 15_000;
export const MEASURED_MAX_AGE_MS = 30_000;
/** A bound on memory: unknown incident ids and history filters are snapshots too. */
export const MAX_SNAPSHOTS = 256;
/** What a browser, proxy or CDN may do with a snapshot page: as summary.json, plus a window to revalidate in the background. */
export const PAGE_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";
/** Statuses a snapshot keeps: the page, a missing incident, the incident → maintenance redirect. */
const CACHED_STATUSES = new Set([200, 307, 308, 404]);
/** Next's request headers of client navigation and server actions: those answers are not the HTML page. */
const NEXT_CLIENT_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"];
/** Marks the snapshot's own render request, which Next must answer (a per-process secret). */
const RENDER_HEADER = "x-page-snapshot-render";
const EMPTY = Buffer.alloc(0);

/** `measured`: the page shows monitor measurements, which change without a status revision. */
type SnapshotTarget = { key: string; path: string; measured: boolean };

/**
 * The snapshot a request is answered from, by key, and the path that renders
 * it; null for anything that is not a public status page. Queries the pages
 * do not read are dropped, so they cannot multiply the snapshots.
 */
export function snapshotTarget(method: string, url: string, headers: IncomingHttpHeaders): SnapshotTarget | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (NEXT_CLIENT_HEADERS.some((name) => headers[name] !== undefined)) return null;
  const parsed = new URL(url, "http://page");
  const path = parsed.pathname;
  if (/^\/(incidents|maintenance)\/[^/]+$/.test(path)) return { key: path, path, measured: false };
  if (path === "/") {
    // The expanded component's chart and its range; a range the page does not draw is dropped as the page drops it.
    const monitor = parsed.searchParams.get("monitor");
    const range = parsed.searchParams.get("range");
    const kept = keep([
      ["monitor", monitor],
      ["range", monitor !== null && isChartRange(range) ? range : null],
    ]);
    return { key: path + kept, path: path + kept, measured: true };
  }
  if (path !== "/history") return null;
  const kept = keep(["component", "page"].map((name) => [name, parsed.searchParams.get(name)]));
  return { key: path + kept, path: path + kept, measured: false };
}

function keep(entries: [string, string | null][]): string {
  const kept = new URLSearchParams();
  for (const [name, value] of entries) if (value !== null) kept.set(name, value);
  return kept.size > 0 ? `?${kept}` : "";
}

/**
 * `/`, `/history`, incident and maintenance pages served the way summary.json
 * is: rendered by Next once per status revision (and again in the background
 * once a snapshot is a minute old), then answered from memory with an ETag,
 * a 304 on If-None-Match, gzip when accepted, a shareable Cache-Control, and
 * a Content-Security-Policy naming the hashes of its inline scripts. The
 * revision comes from the public views, so a write on this instance shows at
 * once and one on another instance within STATUS_REVISION_CHECK_MS.
 */
export function createPageSnapshots(deps: PageSnapshotDeps) {
  const now = deps.now ?? Date.now;
  const snapshots = new Map<string, Snapshot>();
  const renders = new Map<string, Promise<Snapshot | null>>();

  function render(key: string, path: string, revision: bigint): Promise<Snapshot | null> {
    const id = `${revision} ${key}`;
    let pending = renders.get(id);
    if (!pending) {
      pending = renderSnapshot(path, revision)
        .then((snapshot) => {
          if (snapshot) remember(key, snapshot);
          return snapshot;
        })
        .finally(() => renders.delete(id));
      renders.set(id, pending);
    }
    return pending;
  }

  async function renderSnapshot(path: string, revision: bigint): Promise<Snapshot | null> {
    const renderedAt = now();
    const page = await deps.render(path);
    if (!CACHED_STATUSES.has(page.status)) return null;
    const headers: Record<string, string> = {
      "content-type": page.headers.get("content-type") ?? "text/html; charset=utf-8",
      "cache-control": PAGE_CACHE_CONTROL,
      vary: varyWithAcceptEncoding(page.headers.get("vary")),
      "content-security-policy": contentSecurityPolicy(inlineScriptHashes(page.html)),
      ...PAGE_SECURITY_HEADERS,
    };
    const location = page.headers.get("location");
    if (location) headers.location = location;
    const identity = Buffer.from(page.html);
    const etag = strongEtag(page.html);
    return {
      revision,
      renderedAt,
      status: page.status,
      identity: variant(headers, identity, etag, {}),
      // A strong validator names one representation: the gzip body gets its own. Compressed off the event loop, which is answering requests meanwhile.
      gzip: variant(headers, await gzipBody(identity), `${etag.slice(0, -1)}-gzip"`, { "content-encoding": "gzip" }),
    };
  }

  function variant(shared: Record<string, string>, body: Buffer, etag: string, own: Record<string, string>): Variant {
    const notModifiedHeaders = { ...shared, ...own, etag };
    return { body, etag, notModifiedHeaders, headers: { ...notModifiedHeaders, "content-length": String(body.length) } };
  }

  function remember(key: string, snapshot: Snapshot): void {
    snapshots.delete(key);
    snapshots.set(key, snapshot);
    if (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value!);
  }

  /** The answer to a page request, or null when Next should answer it (not a snapshot page, no status page yet, an error). */
  async function answer(method: string, url: string, headers: IncomingHttpHeaders): Promise<PageAnswer | null> {
    const target = snapshotTarget(method, url, headers);
    if (!target) return null;
    const revision = await deps.revision();
    if (revision === null) return null;
    let snapshot = snapshots.get(target.key);
    const age = snapshot ? now() - snapshot.renderedAt : 0;
    if (!snapshot || snapshot.revision !== revision || (target.measured && age >= MEASURED_MAX_AGE_MS)) {
      snapshot = (await render(target.key, target.path, revision)) ?? undefined;
      if (!snapshot) return null;
    } else {
      // Most recently used last, so the eviction above drops the coldest page.
      remember(target.key, snapshot);
      if (age >= (target.measured ? MEASURED_REFRESH_MS : SNAPSHOT_MAX_AGE_MS)) void render(target.key, target.path, revision).catch(() => {});
    }
    const chosen = acceptsGzip(headers["accept-encoding"]) ? snapshot.gzip : snapshot.identity;
    if (snapshot.status === 200 && ifNoneMatchMatches(headers["if-none-match"], chosen.etag)) return { status: 304, headers: chosen.notModifiedHeaders, body: EMPTY };
    return { status: snapshot.status, headers: chosen.headers, body: method === "HEAD" ? EMPTY : chosen.body };
  }

  return { answer };
}

/**
 * The app server's page snapshots: rendered by this same server over
 * loopback (a request marked with a per-process secret, which goes to Next),
 * keyed by the public views' revision. `serve` answers a request or hands it
 * to `next` (any page that is not a snapshot page, or when anything fails).
 */
export function appServerPageSnapshots(origin: string) {
  const secret = randomBytes(16).toString("hex");
  const snapshots = createPageSnapshots({
    revision: async () => {
      try {
        return await publicViews.revision();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    render: async (path) => {
      const response = await fetch(origin + path, { headers: { [RENDER_HEADER]: secret, "accept-encoding": "identity" }, redirect: "manual" });
      return { status: response.status, headers: response.headers, html: await response.text() };
    },
  });
  return {
    serve(request: IncomingMessage, reply: ServerResponse, next: () => void): void {
      if (request.headers[RENDER_HEADER] === secret) return next();
      snapshots
        .answer(request.method ?? "GET", request.url ?? "/", request.headers)
        .then((answer) => {
          if (!answer) return next();
          reply.writeHead(answer.status, answer.headers);
          reply.end(answer.body);
        })
        .catch((error: unknown) => {
          log.warn("page snapshot failed; Next answers", { path: request.url, error: error instanceof Error ? error.message : String(error) });
          next();
        });
    },
  };
}

/** Where this server can reach itself: loopback when it listens on every interface. */
export function loopbackOrigin(hostname: string, port: number): string {
  const host = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
  return `http://${host}:${port}`;
}
