import { DeleteMonitorForm, MonitorForm } from "@/components/admin/monitor-forms";
import { SignedIn } from "@/components/admin/signed-in";
import { StatusSource } from "@/components/admin/status-source";
import { PageSection } from "@/components/site/page-section";
import { StatusLabel } from "@/components/status/status-label";
import { COMPONENT_STATUS_TONE } from "@/components/status/tone";
import type { ConsoleMonitor } from "@/lib/pages/admin-monitors";
import { loadConsoleMonitors } from "@/lib/pages/admin-monitors";
import { formatDateTime } from "@/lib/pages/format";
import { readPageInfo } from "@/lib/pages/page-info";
import { formatLatency } from "@/lib/pages/response-time-chart";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import { MONITOR_TYPES } from "@/lib/status/monitors/config";

export const dynamic = "force-dynamic";

export default async function AdminMonitorsPage() {
  return (
    <SignedIn>
      <MonitorsConsole />
    </SignedIn>
  );
}

async function MonitorsConsole() {
  const [components, page] = await Promise.all([loadConsoleMonitors(), readPageInfo()]);
  const timeZone = page?.timeZone ?? "UTC";
  const pickable = components.map(({ id, name }) => ({ id, name }));
  const monitored = components.filter((component) => component.monitors.length > 0);
  return (
    <div className="space-y-10">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Monitors</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Checks this server runs itself. A monitored component&apos;s status is the worst of its enabled monitors, unless it was set by hand: a manual
          status wins until it is cleared.
        </p>
      </div>
      <PageSection id="monitored-components" title="Monitored components" className="space-y-4">
        {monitored.length === 0 && <p className="text-slate-600 dark:text-slate-400">No monitors yet.</p>}
        {monitored.map((component) => (
          <article key={component.id} aria-labelledby={`monitored-${component.id}`} className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`monitored-${component.id}`} className="font-semibold">
                {component.name}
              </h3>
              <StatusLabel tone={COMPONENT_STATUS_TONE[component.status]} label={`Now: ${COMPONENT_STATUS_LABEL[component.status]}`} className="text-sm" />
            </div>
            {component.statusSource && <StatusSource component={component} source={component.statusSource} timeZone={timeZone} />}
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {component.monitors.map((monitor) => (
                <MonitorEntry key={monitor.id} monitor={monitor} timeZone={timeZone} components={pickable} />
              ))}
            </ul>
          </article>
        ))}
      </PageSection>
      <PageSection id="new-monitor" title="Add a monitor" className="space-y-4">
        <MonitorForm components={pickable} types={MONITOR_TYPES} />
      </PageSection>
    </div>
  );
}

function MonitorEntry({ monitor, timeZone, components }: { monitor: ConsoleMonitor; timeZone: string; components: { id: string; name: string }[] }) {
  const check = monitor.lastCheck;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-medium">{monitor.name}</h4>
        <StatusLabel tone={COMPONENT_STATUS_TONE[monitor.status]} label={`Measured: ${COMPONENT_STATUS_LABEL[monitor.status]}`} className="text-sm" />
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">Type</dt>
        <dd>
          {monitor.type}, every {monitor.interval_seconds} s{monitor.enabled ? "" : " (disabled)"}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Last check</dt>
        <dd>
          {check ? (
            <>
              <time dateTime={check.at.toISOString()}>{formatDateTime(check.at, timeZone)}</time>: {check.ok ? "passed" : "failed"} in {formatLatency(check.latencyMs)},{" "}
              {check.message}
            </>
          ) : (
            "not checked yet"
          )}
        </dd>
      </dl>
      <details>
        <summary className="cursor-pointer text-sm font-medium">Edit {monitor.name}</summary>
        <div className="mt-3 space-y-3">
          <MonitorForm components={components} types={MONITOR_TYPES} monitor={monitor} />
          <DeleteMonitorForm monitor={monitor} />
        </div>
      </details>
    </li>
  );
}
