import type { ReactNode } from "react";
import type { ComponentNode } from "@/lib/pages/summary";
import type { CompactUptime } from "@/lib/pages/uptime-compact";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import { ComponentRow } from "./component-row";
import { StatusLabel } from "./status-label";
import { COMPONENT_STATUS_TONE } from "./tone";

type Props = {
  tree: readonly ComponentNode[];
  /** What to show for each entry (shownStatuses): maintenance marked. */
  statuses: ReadonlyMap<string, ComponentStatus>;
  uptime: Readonly<Record<string, CompactUptime>>;
  timeZone: string;
  /** Per monitored component, its server-rendered monitor panel. */
  monitors?: Readonly<Record<string, ReactNode>>;
};

/** Groups (Mainnet, Testnet, Previewnet…) as cards with their members; ungrouped components as cards of one. */
export function ComponentList({ tree, statuses, uptime, timeZone, monitors = {} }: Props) {
  const shown = (component: ComponentNode["entry"]) => statuses.get(component.id) ?? component.status;
  if (tree.length === 0) return <p className="text-slate-600 dark:text-slate-400">No components are published yet.</p>;
  return (
    <div className="space-y-6">
      {tree.map(({ entry, members }) => (
        <section
          key={entry.id}
          {...(entry.group ? { "aria-labelledby": `group-${entry.id}` } : { "aria-label": entry.name })}
          className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
        >
          {entry.group ? (
            <>
              <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-3 sm:px-5 dark:border-slate-800">
                <h3 id={`group-${entry.id}`} className="text-lg font-semibold">
                  {entry.name}
                </h3>
                <StatusLabel tone={COMPONENT_STATUS_TONE[shown(entry)]} label={COMPONENT_STATUS_LABEL[shown(entry)]} className="text-sm" />
              </header>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {members.map((member) => (
                  <ComponentRow
                    key={member.id}
                    component={member}
                    status={shown(member)}
                    label={`${entry.name} ${member.name}`}
                    uptime={uptime[member.id]}
                    timeZone={timeZone}
                    heading="h4"
                    monitors={monitors[member.id]}
                  />
                ))}
              </ul>
            </>
          ) : (
            <ul aria-label={entry.name}>
              <ComponentRow
                component={entry}
                status={shown(entry)}
                label={entry.name}
                uptime={uptime[entry.id]}
                timeZone={timeZone}
                heading="h3"
                monitors={monitors[entry.id]}
              />
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
