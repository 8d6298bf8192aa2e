import type { Metadata } from "next";
import { monitorPanelNodes } from "@/components/status/monitor-panel";
import { StatusDashboard } from "@/components/status/status-dashboard";
import { UptimeLegend } from "@/components/status/uptime-legend";
import { SubscribeForm } from "@/components/subscriptions/subscribe-form";
import { loadDashboard } from "@/lib/pages/dashboard";
import { chartChoice, loadMonitorPanels } from "@/lib/pages/monitor-panels";
import { qualifiedNames } from "@/lib/pages/summary";
import { componentChoices } from "@/lib/pages/subscription";

// Status changes at any moment: render per request (the summary itself is cached by the status service).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  alternates: {
    types: { "application/rss+xml": "/history.rss", "application/atom+xml": "/history.atom" },
  },
};

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function DashboardPage({ searchParams }: { searchParams: Query }) {
  const dashboard = await loadDashboard();
  if (!dashboard) return <NoPageYet />;
  const { summary, renderedAt, uptime } = dashboard;
  const panels = await loadMonitorPanels(chartChoice(await searchParams), new Date(renderedAt));
  return (
    <>
      {/* The site header already shows the name; the heading is for assistive technology and outlines. */}
      <h1 className="sr-only">{summary.page.name}</h1>
      <StatusDashboard
        initialSummary={summary}
        renderedAt={renderedAt}
        uptime={uptime}
        monitors={monitorPanelNodes(panels, qualifiedNames(summary.components), summary.page.time_zone)}
      />
      <UptimeLegend />
      <div className="mt-8">
        <SubscribeForm choices={componentChoices(summary.components)} />
      </div>
      <p className="mt-8">
        <a href="/history" className="font-medium underline underline-offset-4">
          Incident and maintenance history
        </a>
      </p>
    </>
  );
}

function NoPageYet() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">No status page yet</h1>
      <p className="text-slate-700 dark:text-slate-300">
        This database has no status page. Load the demo data with <code className="font-mono">npm run db:seed</code>, or create components
        and incidents through the manage API.
      </p>
    </div>
  );
}
