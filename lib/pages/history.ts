import { getDatabase } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import type { Incident, Page } from "@/lib/status/model";
import { incidentInclude, toIncident } from "@/lib/status/read/rows";
import { zonedParts, zonedTimeToInstant } from "@/lib/status/time";
import { readPageInfo } from "./page-info";

/** Months per history page: a quarter, as Statuspage's own history pages. */
export const MONTHS_PER_PAGE = 3;

export type HistoryMonth = {
  /** `YYYY-MM`, in the page's time zone. */
  month: string;
  /** Incidents by creation, maintenances by window start; newest first. */
  entries: Incident[];
};

export type HistoryPage = {
  page: Page;
  months: HistoryMonth[];
  pageNumber: number;
  hasOlder: boolean;
  componentId: string | null;
  /** Every component, `Group / Component`, for the filter. */
  components: { id: string; name: string }[];
};

type Month = { year: number; month: number };

/**
 * One page of `/history`: `MONTHS_PER_PAGE` calendar months of the page's
 * zone, newest first, page 1 ending with the current month; optionally only
 * what lists one component. Empty months are kept, so a quiet month reads as
 * "no incidents" rather than vanishing.
 */
export async function loadHistory(options: { pageNumber: number; componentId: string | null; now?: Date }): Promise<HistoryPage | null> {
  const page = await readPageInfo();
  if (!page) return null;
  const { prisma } = await getDatabase();
  const now = options.now ?? new Date();
  const current = zonedParts(now, page.timeZone);
  const newest = addMonths({ year: current.year, month: current.month }, -(options.pageNumber - 1) * MONTHS_PER_PAGE);
  const oldest = addMonths(newest, -(MONTHS_PER_PAGE - 1));
  const from = monthStart(oldest, page.timeZone);
  const until = monthStart(addMonths(newest, 1), page.timeZone);

  const base: Prisma.IncidentWhereInput = {
    pageId: page.id,
    ...(options.componentId ? { components: { some: { componentId: options.componentId } } } : {}),
  };
  const [rows, older, components] = await Promise.all([
    prisma.incident.findMany({
      where: { ...base, OR: [{ scheduledFor: null, createdAt: { gte: from, lt: until } }, { scheduledFor: { gte: from, lt: until } }] },
      include: incidentInclude,
    }),
    prisma.incident.findFirst({
      where: { ...base, OR: [{ scheduledFor: null, createdAt: { lt: from } }, { scheduledFor: { lt: from } }] },
      select: { id: true },
    }),
    prisma.component.findMany({ where: { pageId: page.id }, include: { group: { select: { name: true, position: true } } } }),
  ]);

  const entries = rows.map(toIncident).sort((a, b) => historyTime(b).getTime() - historyTime(a).getTime() || b.id.localeCompare(a.id));
  const months: HistoryMonth[] = [];
  for (let month = newest; compare(month, oldest) >= 0; month = addMonths(month, -1)) {
    const key = monthKey(month);
    months.push({ month: key, entries: entries.filter((entry) => monthKey(monthOf(historyTime(entry), page.timeZone)) === key) });
  }
  return {
    page,
    months,
    pageNumber: options.pageNumber,
    hasOlder: older !== null,
    componentId: options.componentId,
    components: components
      .sort((a, b) => (a.group?.position ?? a.position) - (b.group?.position ?? b.position) || a.position - b.position)
      .map((component) => ({ id: component.id, name: component.group ? `${component.group.name} / ${component.name}` : component.name })),
  };
}

/** Where an entry sits in the history: an incident when it was opened, a maintenance when its window starts. */
export function historyTime(incident: Incident): Date {
  return incident.scheduledFor ?? incident.createdAt;
}

function addMonths(month: Month, delta: number): Month {
  const index = month.year * 12 + (month.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function compare(a: Month, b: Month): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

function monthStart(month: Month, timeZone: string): Date {
  return zonedTimeToInstant({ year: month.year, month: month.month, day: 1 }, timeZone);
}

function monthOf(date: Date, timeZone: string): Month {
  const parts = zonedParts(date, timeZone);
  return { year: parts.year, month: parts.month };
}

function monthKey(month: Month): string {
  return `${month.year}-${String(month.month).padStart(2, "0")}`;
}
