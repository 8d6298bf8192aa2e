import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { updateTrailHtml } from "./feed-content";
import { feedEntries, renderAtomFeed, renderRssFeed } from "./feeds";
import { LIFECYCLE_STATUS_LABEL } from "./labels";
import type { Incident, IncidentUpdate, LifecycleStatus, Page } from "./model";
import { readSampleText, STATUSPAGE_SAMPLES } from "./testing/samples";
import { zonedTimeToInstant } from "./time";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const STATUS_OF_LABEL = new Map(Object.entries(LIFECYCLE_STATUS_LABEL).map(([status, label]) => [label, status as LifecycleStatus]));
const TRAIL_ENTRY =
  /<p><small>(\w{3}) <var data-var='date'>([ \d]\d)<\/var>, <var data-var='time'>(\d\d):(\d\d)<\/var> (\w+)<\/small><br><strong>([^<]+)<\/strong> - ([\s\S]*?)<\/p>/g;

/** Rebuilds an incident from a captured trail (labels → statuses, "Update" = unchanged). */
function incidentFromTrail(html: string, year: number, timeZone: string): Incident {
  const matches = [...html.matchAll(TRAIL_ENTRY)].reverse();
  let status: LifecycleStatus = "investigating";
  const updates: IncidentUpdate[] = matches.map((match, index) => {
    const [, month, day, hour, minute, , label, body] = match as unknown as string[];
    status = label === "Update" ? status : (STATUS_OF_LABEL.get(label!) ?? status);
    const wall = { year, month: MONTHS.indexOf(month!) + 1, day: Number(day), hour: Number(hour), minute: Number(minute) };
    const at = new Date(zonedTimeToInstant(wall, timeZone).getTime() + index);
    return { id: `u${index}`, incidentId: "i", status, body: body!.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"), displayAt: at, createdAt: at, updatedAt: at, deliverNotifications: true, affectedComponents: [] };
  });
  return incident({ updates });
}

function incident(overrides: Partial<Incident>): Incident {
  const at = new Date("2024-06-01T00:00:00Z");
  return {
    id: "k1mlxlmdhqqp", pageId: "p", name: "Incident", status: "resolved", impact: "minor", impactOverride: null,
    shortlink: "https://status.example.com/incidents/k1mlxlmdhqqp", createdAt: at, updatedAt: at, startedAt: at,
    monitoringAt: null, resolvedAt: null, scheduledFor: null, scheduledUntil: null,
    scheduledAutoInProgress: false, scheduledAutoCompleted: false,
    scheduledRemindPrior: false, scheduledRemindedAt: null, updates: [], componentIds: [], ...overrides,
  };
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "item" || name === "link" });

describeWith([STATUSPAGE_SAMPLES], "update trail HTML of real feeds", () => {
  it("reproduces every entry of GitHub's Atom feed (UTC, padded days, Update labels, <br />)", () => {
    const feed = parser.parse(readSampleText("githubstatus-history-2024-06-24.atom"));
    const entries = feed.feed.entry as { content: { "#text": string } }[];
    expect(entries).toHaveLength(4);
    for (const entry of entries) {
      const html = entry.content["#text"];
      expect(updateTrailHtml(incidentFromTrail(html, 2024, "Etc/UTC"), "Etc/UTC")).toBe(html);
    }
  });

  it("reproduces Quay's RSS maintenance trails (EST/EDT, maintenance labels, cancelled = Completed)", () => {
    const feed = parser.parse(readSampleText("quay-history-maintenance-2021-12.rss"));
    const items = feed.rss.channel.item as { description: string }[];
    expect(items).toHaveLength(2);
    for (const item of items) {
      const html = item.description.trim();
      expect(updateTrailHtml(incidentFromTrail(html, 2021, "America/New_York"), "America/New_York")).toBe(html);
    }
  });
});

describe("update trail HTML", () => {
  it("escapes operator markup except line breaks", () => {
    const at = new Date("2024-06-01T12:00:00Z");
    const html = updateTrailHtml(
      incident({ updates: [{ id: "u", incidentId: "i", status: "investigating", body: "<script>x</script> & a<br />b\nc", displayAt: at, createdAt: at, updatedAt: at, deliverNotifications: true, affectedComponents: [] }] }),
      "Etc/UTC",
    );
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt; &amp; a<br />b<br />c");
  });
});

describe("feed documents", () => {
  const page: Page = { id: "p", name: "Hedera & Co <Status>", url: "https://status.example.com", timeZone: "America/New_York", updatedAt: new Date("2024-06-24T07:42:46.123Z") };
  const at = new Date("2024-06-18T18:09:43.500Z");
  const incidents = [
    incident({ id: "a1", name: `Quotes "and" <tags> & 'apostrophes'`, createdAt: at, updatedAt: new Date("2024-06-21T19:43:13Z"), updates: [{ id: "u1", incidentId: "a1", status: "resolved", body: "Fixed <b>now</b>", displayAt: at, createdAt: at, updatedAt: at, deliverNotifications: true, affectedComponents: [] }] }),
    incident({ id: "m1", name: "Maintenance", status: "scheduled", scheduledFor: at, scheduledUntil: at, updatedAt: new Date("2024-06-19T00:00:00Z") }),
  ];

  it("writes a well-formed Atom 1.0 feed with the required elements", () => {
    const xml = renderAtomFeed(page, incidents);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = parser.parse(xml);
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe("tag:status.example.com,2005:/history");
    expect(feed.title).toBe("Hedera & Co <Status> Status - Incident History");
    expect(feed.updated).toBe("2024-06-24T07:42:46Z");
    expect(feed.author.name).toBe(page.name);
    expect(feed.link.map((link: Record<string, string>) => link["@_rel"])).toEqual(["alternate", "self"]);
    expect(feed.entry).toHaveLength(2);
    const [first] = feed.entry;
    expect(first.id).toBe("tag:status.example.com,2005:Incident/a1");
    expect(first.title).toBe(`Quotes "and" <tags> & 'apostrophes'`);
    expect(first.published).toBe("2024-06-18T18:09:43Z");
    expect(first.updated).toBe("2024-06-21T19:43:13Z");
    expect(first.link[0]["@_href"]).toBe("https://status.example.com/incidents/a1");
    expect(first.content["@_type"]).toBe("html");
    expect(first.content["#text"]).toContain("<strong>Resolved</strong> - Fixed &lt;b&gt;now&lt;/b&gt;</p>");
  });

  it("writes a well-formed RSS 2.0 feed with the required elements", () => {
    const xml = renderRssFeed(page, incidents);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = parser.parse(xml);
    expect(rss["@_version"]).toBe("2.0");
    expect(rss.channel.title).toBe("Hedera & Co <Status> Status - Incident History");
    expect(rss.channel.link).toEqual(["https://status.example.com"]);
    expect(rss.channel.description).toBeTruthy();
    expect(rss.channel.pubDate).toBe("Mon, 24 Jun 2024 03:42:46 -0400");
    const [first] = rss.channel.item;
    expect(first.title).toBe(`Quotes "and" <tags> & 'apostrophes'`);
    expect(first.guid).toBe("https://status.example.com/incidents/a1");
    expect(first.pubDate).toBe("Fri, 21 Jun 2024 15:43:13 -0400");
    expect(first.description).toContain("Jun <var data-var='date'>18</var>, <var data-var='time'>14:09</var> EDT");
  });

  it("orders entries by latest activity and caps them at 50", () => {
    const many = Array.from({ length: 60 }, (_, index) => incident({ id: `i${index}`, updatedAt: new Date(Date.UTC(2024, 0, 1, 0, index)) }));
    const entries = feedEntries({ page, groups: [], components: [], incidents: many });
    expect(entries).toHaveLength(50);
    expect(entries[0]?.id).toBe("i59");
  });
});
