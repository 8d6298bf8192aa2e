import type { Handler } from "@/lib/http/handler";
import type { BadgeTone } from "./badge";
import { COMPONENT_BADGE, INDICATOR_BADGE, renderBadge } from "./badge";
import { readSummary } from "./public-document";
import { isActiveMaintenance, qualifiedNames } from "./summary";

const HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  // Short, like the JSON API: badges are embedded in READMEs and dashboards that poll.
  "cache-control": "public, max-age=30",
  "access-control-allow-origin": "*",
};

/**
 * `GET /badge.svg`: the page's overall status as a badge, or with
 * `?component=<id>` one component's (a group's status is its worst member's).
 * An unknown component answers 404 with a grey "unknown component" badge, so
 * an embed shows the mistake instead of a broken image.
 */
export const badgeHandler: Handler = async (request) => {
  const summary = await readSummary();
  if (!summary) return new Response(renderBadge("status", "no status page", "unknown"), { status: 404, headers: HEADERS });
  const componentId = new URL(request.url).searchParams.get("component");
  if (componentId === null || componentId === "") {
    const maintenance = summary.status.indicator === "none" && summary.scheduled_maintenances.some(isActiveMaintenance);
    const tone: BadgeTone = maintenance ? "maintenance" : INDICATOR_BADGE[summary.status.indicator];
    return new Response(renderBadge("status", summary.status.description.toLowerCase(), tone), { headers: HEADERS });
  }
  const component = summary.components.find((candidate) => candidate.id === componentId);
  if (!component) return new Response(renderBadge("status", "unknown component", "unknown"), { status: 404, headers: HEADERS });
  const { tone, message } = COMPONENT_BADGE[component.status];
  const label = qualifiedNames(summary.components).get(component.id) ?? component.name;
  return new Response(renderBadge(label, message, tone), { headers: HEADERS });
};
