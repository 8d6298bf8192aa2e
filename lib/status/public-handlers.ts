import { PUBLIC_CORS_HEADERS } from "@/lib/http/cors";
import { etagMatches } from "@/lib/http/etag";
import type { Handler } from "@/lib/http/handler";
import { bodyResponse } from "@/lib/http/response";
import type { PublicDocumentName, PublicViews } from "./public-views";

/** Short enough that a status change reaches browsers and CDNs quickly; revalidation is a cheap 304. */
const CACHE_CONTROL = "public, max-age=5";

/** The public documents: no credential, CORS for any origin, strong ETag, 304 on If-None-Match. */
export function createPublicHandlers(views: PublicViews) {
  const serve =
    (name: PublicDocumentName): Handler =>
    async (request) => {
      const document = await views.document(name);
      const headers = { ...PUBLIC_CORS_HEADERS, "cache-control": CACHE_CONTROL, etag: document.etag };
      if (etagMatches(request, document.etag)) return new Response(null, { status: 304, headers });
      return bodyResponse(document.body, { status: 200, headers: { ...headers, "content-type": document.contentType } });
    };
  return {
    getSummary: serve("summary.json"),
    getStatus: serve("status.json"),
    getComponents: serve("components.json"),
    getIncidents: serve("incidents.json"),
    getUnresolvedIncidents: serve("incidents/unresolved.json"),
    getScheduledMaintenances: serve("scheduled-maintenances.json"),
    getUpcomingMaintenances: serve("scheduled-maintenances/upcoming.json"),
    getActiveMaintenances: serve("scheduled-maintenances/active.json"),
    getHistoryAtom: serve("history.atom"),
    getHistoryRss: serve("history.rss"),
  };
}
