"use client";

import type { ReactNode } from "react";
import { useMemo } from "react";
import { PageSection } from "@/components/site/page-section";
import { useSummary } from "@/lib/pages/queries";
import type { SummaryDocument } from "@/lib/pages/summary";
import { componentTree, isActiveMaintenance, qualifiedNames, shownStatuses } from "@/lib/pages/summary";
import type { CompactUptime } from "@/lib/pages/uptime-compact";
import { ComponentList } from "./component-list";
import { IncidentSummaryCard } from "./incident-summary-card";
import { MaintenanceSummaryCard } from "./maintenance-summary-card";
import { OverallBanner } from "./overall-banner";
import type { Tone } from "./tone";
import { INDICATOR_TONE } from "./tone";

type Props = {
  initialSummary: SummaryDocument;
  renderedAt: number;
  uptime: Readonly<Record<string, CompactUptime>>;
  /** Server-rendered monitor panels by component id: measurements are not in summary.json. */
  monitors?: Readonly<Record<string, ReactNode>>;
};

/**
 * The live part of `/`: everything in summary.json, kept current by the
 * 30-second refresh. The server renders it with the same document, so the
 * first paint is complete without JavaScript and hydration changes nothing.
 */
export function StatusDashboard({ initialSummary, renderedAt, uptime, monitors }: Props) {
  const { data: summary, dataUpdatedAt } = useSummary(initialSummary, renderedAt);
  const tree = useMemo(() => componentTree(summary.components), [summary.components]);
  const names = useMemo(() => qualifiedNames(summary.components), [summary.components]);
  const statuses = useMemo(() => shownStatuses(summary), [summary]);
  const active = summary.scheduled_maintenances.filter(isActiveMaintenance);
  const upcoming = summary.scheduled_maintenances.filter((maintenance) => !isActiveMaintenance(maintenance));
  const timeZone = summary.page.time_zone;

  return (
    <div className="space-y-8">
      <OverallBanner tone={bannerTone(summary, active.length > 0)} description={summary.status.description} checkedAt={new Date(dataUpdatedAt).toISOString()} />

      {summary.incidents.length > 0 && (
        <PageSection id="active-incidents" title="Active incidents">
          {summary.incidents.map((incident) => (
            <IncidentSummaryCard key={incident.id} incident={incident} names={names} />
          ))}
        </PageSection>
      )}

      {active.length + upcoming.length > 0 && (
        <PageSection id="maintenance" title={active.length > 0 && upcoming.length === 0 ? "Maintenance in progress" : "Maintenance"}>
          {[...active, ...upcoming].map((maintenance) => (
            <MaintenanceSummaryCard key={maintenance.id} maintenance={maintenance} names={names} />
          ))}
        </PageSection>
      )}

      <PageSection
        id="components"
        title="Components"
        aside={<p className="text-sm text-slate-600 dark:text-slate-400">Uptime per day; days in the page&apos;s time zone ({timeZone}).</p>}
        className="space-y-4"
      >
        <ComponentList tree={tree} statuses={statuses} uptime={uptime} timeZone={timeZone} monitors={monitors} />
      </PageSection>
    </div>
  );
}

/** Statuspage's colours: green, yellow, orange, red, and blue while a maintenance runs on an otherwise healthy page. */
function bannerTone(summary: SummaryDocument, maintenanceActive: boolean): Tone {
  if (summary.status.indicator === "none" && maintenanceActive) return "maintenance";
  return INDICATOR_TONE[summary.status.indicator];
}
