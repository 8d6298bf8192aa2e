import type { ReactNode } from "react";
import type { WireComponent } from "@/lib/pages/summary";
import { formatPercent } from "@/lib/pages/format";
import type { CompactUptime } from "@/lib/pages/uptime-compact";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import { StatusLabel } from "./status-label";
import { COMPONENT_STATUS_TONE } from "./tone";
import { UptimeBar } from "./uptime-bar";

/** One component: name, current status in words, its 90-day bar and uptime. */
type Props = {
  component: WireComponent;
  /** The status to show: the component's, or maintenance while one names it. */
  status: ComponentStatus;
  /** The name that says which one it is on the whole page (`Mainnet Consensus`). */
  label: string;
  uptime: CompactUptime | undefined;
  timeZone: string;
  heading: "h3" | "h4";
  /** Rendered on the server under the bar: the monitors' last checks and charts (components/status/monitor-panel.tsx). */
  monitors?: ReactNode;
};

export function ComponentRow({ component, status, label, uptime, timeZone, heading: Heading, monitors }: Props) {
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <Heading className="font-medium">{component.name}</Heading>
          {component.description && <p className="hidden truncate text-xs text-slate-600 sm:block dark:text-slate-400">{component.description}</p>}
        </div>
        <StatusLabel
          tone={COMPONENT_STATUS_TONE[status]}
          label={COMPONENT_STATUS_LABEL[status]}
          className="text-sm"
        />
      </div>
      {uptime && (
        <div className="mt-2">
          <UptimeBar name={label} bar={uptime} liveStatus={status} timeZone={timeZone} />
          <div className="mt-1.5 flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span>
              <span className="sm:hidden">30 days ago</span>
              <span className="hidden sm:inline md:hidden">60 days ago</span>
              <span className="hidden md:inline">90 days ago</span>
            </span>
            <span className="font-medium text-slate-800 tabular-nums dark:text-slate-200">
              {uptime.uptime === null ? (
                "No uptime data yet"
              ) : (
                <>
                  {formatPercent(uptime.uptime)} uptime<span className="hidden sm:inline"> over 90 days</span>
                  <span className="sm:hidden"> (90 d)</span>
                </>
              )}
            </span>
            <span>Today</span>
          </div>
        </div>
      )}
      {monitors}
    </li>
  );
}
