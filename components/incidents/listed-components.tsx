import { StatusLabel } from "@/components/status/status-label";
import { COMPONENT_STATUS_TONE } from "@/components/status/tone";
import type { ListedComponent } from "@/lib/pages/incident-detail";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";

/** The components an incident or maintenance lists, each with its status now. */
export function ListedComponents({ components }: { components: readonly ListedComponent[] }) {
  if (components.length === 0) return <p className="text-slate-600 dark:text-slate-400">No components listed.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {components.map((component) => (
        <li key={component.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5">
          <span>{component.name}</span>
          <StatusLabel tone={COMPONENT_STATUS_TONE[component.status]} label={COMPONENT_STATUS_LABEL[component.status]} className="text-sm" />
        </li>
      ))}
    </ul>
  );
}
