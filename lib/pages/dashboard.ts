import { getDatabase } from "@/lib/db";
import { loadUptime } from "./load-uptime";
import { readSummary } from "./public-document";
import type { SummaryDocument } from "./summary";
import type { CompactUptime } from "./uptime-compact";
import { compactUptime } from "./uptime-compact";

export type DashboardData = {
  summary: SummaryDocument;
  /** When the summary was read (ms since epoch): the live query's starting age. */
  renderedAt: number;
  /** Each component's 90-day bar, compact: it travels to the browser with the page. */
  uptime: Record<string, CompactUptime>;
};

/** What `/` renders: the live summary and, beside it, each component's 90-day bar; null before a page is set up. */
export async function loadDashboard(now = new Date()): Promise<DashboardData | null> {
  const summary = await readSummary();
  if (!summary) return null;
  const components = summary.components
    .filter((component) => !component.group)
    .map((component) => ({ id: component.id, startDate: component.start_date ? new Date(`${component.start_date}T00:00:00Z`) : null }));
  const uptime = await loadUptime(await getDatabase(), components, { now, timeZone: summary.page.time_zone });
  return { summary, renderedAt: now.getTime(), uptime: Object.fromEntries([...uptime].map(([id, bar]) => [id, compactUptime(bar)])) };
}
