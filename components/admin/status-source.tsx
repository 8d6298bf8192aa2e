import type { ConsoleStatusSource } from "@/lib/pages/admin-monitors";
import { formatDateTime } from "@/lib/pages/format";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import { ClearManualStatusForm } from "./monitor-forms";

/** Whose status is in force for a monitored component, and the way back to its monitors when it was set by hand. */
export function StatusSource({ component, source, timeZone }: { component: { id: string; name: string }; source: ConsoleStatusSource; timeZone: string }) {
  if (source.source === "measured") {
    return <p className="text-sm text-slate-700 dark:text-slate-300">Measured: its status follows its monitors.</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
      <p>
        Manual: set by hand{source.manualSince && <> on {formatDateTime(source.manualSince, timeZone)}</>}, it wins over the monitors, which measure{" "}
        <strong>{COMPONENT_STATUS_LABEL[source.measuredStatus]}</strong>.
      </p>
      <ClearManualStatusForm component={component} />
    </div>
  );
}
