"use client";

import { openIncident } from "@/lib/pages/console-actions";
import { INCIDENT_STATUSES } from "@/lib/status/vocabulary";
import type { PickableComponent } from "./component-picker";
import { ComponentPicker } from "./component-picker";
import { Field, LifecycleSelect, MessageField, TitleField } from "./field";
import { CONTROL } from "./form-styles";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

/** Opens an incident (POST /incidents): name, first status and message, impact, and the components it hits. */
export function IncidentForm({ components }: { components: readonly PickableComponent[] }) {
  const record = useRecordWrite();
  return (
    <form action={async (formData) => record(await openIncident(formData))} className="space-y-4">
      <TitleField id="incident-name" placeholder="Elevated consensus latency on Mainnet" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="incident-status" label="Status">
          <LifecycleSelect id="incident-status" statuses={INCIDENT_STATUSES.filter((status) => status !== "postmortem")} defaultValue="investigating" />
        </Field>
        <Field id="incident-impact" label="Impact">
          <select id="incident-impact" name="impact_override" defaultValue="" className={CONTROL}>
            <option value="">From the component statuses</option>
            <option value="none">None</option>
            <option value="minor">Minor</option>
            <option value="major">Major</option>
            <option value="critical">Critical</option>
          </select>
        </Field>
      </div>
      <MessageField id="incident-body" rows={3} placeholder="We are investigating reports of…" />
      <ComponentPicker components={components} legend="Affected components" idPrefix="incident-component" />
      <SubmitButton pendingText="Opening…">Open incident</SubmitButton>
    </form>
  );
}
