"use client";

import { openIncident } from "@/app/admin/actions";
import { lifecycleLabel } from "@/components/status/tone";
import { INCIDENT_STATUSES } from "@/lib/status/vocabulary";
import type { PickableComponent } from "./component-picker";
import { ComponentPicker } from "./component-picker";
import { CONTROL, LABEL } from "./form-styles";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

/** Opens an incident (POST /incidents): name, first status and message, impact, and the components it hits. */
export function IncidentForm({ components }: { components: readonly PickableComponent[] }) {
  const record = useRecordWrite();
  return (
    <form action={async (formData) => record(await openIncident(formData))} className="space-y-4">
      <div className="space-y-1">
        <label htmlFor="incident-name" className={LABEL}>
          Title
        </label>
        <input id="incident-name" name="name" required maxLength={255} className={CONTROL} placeholder="Elevated consensus latency on Mainnet" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="incident-status" className={LABEL}>
            Status
          </label>
          <select id="incident-status" name="status" defaultValue="investigating" className={CONTROL}>
            {INCIDENT_STATUSES.filter((status) => status !== "postmortem").map((status) => (
              <option key={status} value={status}>
                {lifecycleLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="incident-impact" className={LABEL}>
            Impact
          </label>
          <select id="incident-impact" name="impact_override" defaultValue="" className={CONTROL}>
            <option value="">From the component statuses</option>
            <option value="none">None</option>
            <option value="minor">Minor</option>
            <option value="major">Major</option>
            <option value="critical">Critical</option>
          </select>
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor="incident-body" className={LABEL}>
          Message
        </label>
        <textarea id="incident-body" name="body" rows={3} maxLength={25_000} className={CONTROL} placeholder="We are investigating reports of…" />
      </div>
      <ComponentPicker components={components} legend="Affected components" idPrefix="incident-component" />
      <SubmitButton pendingText="Opening…">Open incident</SubmitButton>
    </form>
  );
}
