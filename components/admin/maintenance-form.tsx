"use client";

import type { ReactNode } from "react";
import { useState } from "react";
import { scheduleMaintenance } from "@/lib/pages/console-actions";
import { useViewerTimeZone } from "@/components/time/local-time";
import type { PickableComponent } from "./component-picker";
import { ComponentPicker } from "./component-picker";
import { Field, MessageField, TitleField } from "./field";
import { CONTROL } from "./form-styles";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

/** `datetime-local` has no zone: the operator means their own, so the browser turns it into an instant. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : "");

/** Schedules a maintenance window (POST /incidents with scheduled_for/until). */
export function MaintenanceForm({ components }: { components: readonly PickableComponent[] }) {
  const record = useRecordWrite();
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const zone = useViewerTimeZone();
  return (
    <form action={async (formData) => record(await scheduleMaintenance(formData))} className="space-y-4">
      <TitleField id="maintenance-name" placeholder="Mainnet upgrade to v0.73" />
      <div className="grid gap-4 sm:grid-cols-2">
        <WindowEdge id="maintenance-from" label={<>Starts ({zone})</>} name="scheduled_for" value={from} onChange={setFrom} />
        <WindowEdge id="maintenance-until" label={<>Ends ({zone})</>} name="scheduled_until" value={until} onChange={setUntil} />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="auto_in_progress" defaultChecked /> Start automatically at the window start
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="auto_completed" defaultChecked /> Complete automatically at the window end
        </label>
      </div>
      <MessageField id="maintenance-body" rows={3} placeholder="We will upgrade the Mainnet consensus nodes…" />
      <ComponentPicker components={components} legend="Components in the window (status to show during it)" idPrefix="maintenance-component" />
      <SubmitButton pendingText="Scheduling…">Schedule maintenance</SubmitButton>
    </form>
  );
}

/** One edge of the window: a local date-time picker, sent as the instant it means. */
function WindowEdge({ id, label, name, value, onChange }: { id: string; label: ReactNode; name: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field id={id} label={label}>
      <input id={id} type="datetime-local" required value={value} onChange={(event) => onChange(event.target.value)} className={CONTROL} />
      <input type="hidden" name={name} value={toInstant(value)} />
    </Field>
  );
}
