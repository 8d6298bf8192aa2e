import { getDatabase, type Database } from "@/lib/db";
import { PUBLIC_CORS_HEADERS } from "@/lib/http/cors";
import { invalidParameter, notFound } from "@/lib/http/errors";
import { etagMatches, strongEtag } from "@/lib/http/etag";
import type { Handler } from "@/lib/http/handler";
import { stringifyJson } from "@/lib/http/json";
import { bodyResponse } from "@/lib/http/response";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import { isLatencyRange, measurementsDocument, readMeasurements } from "./measurements";
import { LATENCY_RANGES } from "./monitors/read";
import { findPublicPageId } from "./read/load-snapshot";
import { toPage } from "./read/rows";

/** As the other public documents: a check lands every few seconds, and revalidating is a cheap 304. */
const CACHE_CONTROL = "public, max-age=5";

/**
 * `GET /api/v2/monitors.json?range=24h|7d|90d`: per monitored component, its
 * monitors, their last checks and response-time series. Read per request
 * (no cache of its own: measurements carry no revision); strong ETag, 304,
 * any origin.
 */
export function createMeasurementsHandler(deps: { getDb: () => Promise<Database>; clock: Clock }): Handler {
  return async (request) => {
    const range = new URL(request.url).searchParams.get("range") ?? "24h";
    if (!isLatencyRange(range)) throw invalidParameter("range", `one of ${LATENCY_RANGES.join(", ")}`);
    const db = await deps.getDb();
    const pageId = await findPublicPageId(db);
    const row = pageId ? await db.prisma.page.findUnique({ where: { id: pageId } }) : null;
    if (!row) throw notFound("No status page has been set up");
    const page = toPage(row);
    const components = await readMeasurements(db, page.id, { range, withSeries: () => true, now: deps.clock() });
    const body = stringifyJson(measurementsDocument(page, range, components));
    const headers = { ...PUBLIC_CORS_HEADERS, "cache-control": CACHE_CONTROL, etag: strongEtag(body) };
    if (etagMatches(request, headers.etag)) return new Response(null, { status: 304, headers });
    return bodyResponse(body, { status: 200, headers: { ...headers, "content-type": "application/json; charset=utf-8" } });
  };
}

/** The handler on the process database and the system clock (route files use it). */
export const getMonitorMeasurements = createMeasurementsHandler({ getDb: getDatabase, clock: systemClock });
