import { LIST_LIMIT } from "./documents";
import { updateTrailHtml } from "./feed-content";
import { incidentUrl, type Incident, type Page, type StatusSnapshot } from "./model";
import { formatAtomTime, formatRfc822 } from "./time";
import { escapeXml } from "./xml";

/**
 * `/history.atom` and `/history.rss`: one entry per incident or maintenance,
 * most recent activity first, each carrying its whole update trail as
 * escaped HTML, in the layout of Statuspage's feeds (statuspage-api.md §9).
 */
export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";
export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

export function feedEntries(snapshot: StatusSnapshot): Incident[] {
  return [...snapshot.incidents]
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id.localeCompare(a.id))
    .slice(0, LIST_LIMIT);
}

const feedTitle = (page: Page) => `${page.name} Status - Incident History`;

export function renderAtomFeed(page: Page, incidents: readonly Incident[]): string {
  const host = new URL(page.url).host;
  const entries = incidents.map(
    (incident) => `  <entry>
    <id>tag:${escapeXml(host)},2005:Incident/${escapeXml(incident.id)}</id>
    <published>${formatAtomTime(incident.createdAt)}</published>
    <updated>${formatAtomTime(incident.updatedAt)}</updated>
    <link rel="alternate" type="text/html" href="${escapeXml(incidentUrl(page.url, incident.id))}"/>
    <title>${escapeXml(incident.name)}</title>
    <content type="html">${escapeXml(updateTrailHtml(incident, page.timeZone))}</content>
  </entry>
`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xml:lang="en-US" xmlns="http://www.w3.org/2005/Atom">
  <id>tag:${escapeXml(host)},2005:/history</id>
  <link rel="alternate" type="text/html" href="${escapeXml(page.url)}"/>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${page.url}/history.atom`)}"/>
  <title>${escapeXml(feedTitle(page))}</title>
  <updated>${formatAtomTime(page.updatedAt)}</updated>
  <author>
    <name>${escapeXml(page.name)}</name>
  </author>
${entries.join("")}</feed>
`;
}

export function renderRssFeed(page: Page, incidents: readonly Incident[]): string {
  const items = incidents.map(
    (incident) => `    <item>
      <title>${escapeXml(incident.name)}</title>
      <description>${escapeXml(updateTrailHtml(incident, page.timeZone))}</description>
      <pubDate>${formatRfc822(incident.updatedAt, page.timeZone)}</pubDate>
      <link>${escapeXml(incidentUrl(page.url, incident.id))}</link>
      <guid>${escapeXml(incidentUrl(page.url, incident.id))}</guid>
    </item>
`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>${escapeXml(feedTitle(page))}</title>
    <link>${escapeXml(page.url)}</link>
    <description>${escapeXml(`Incidents and scheduled maintenance of ${page.name}`)}</description>
    <pubDate>${formatRfc822(page.updatedAt, page.timeZone)}</pubDate>
${items.join("")}  </channel>
</rss>
`;
}
