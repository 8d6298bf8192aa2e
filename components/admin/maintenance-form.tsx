"use client";

import { useState } from "react";
import { scheduleMaintenance } from "@/app/admin/actions";
import { useViewerTimeZone } from "@/components/time/local-time";
import type { PickableComponent } from "./component-picker";
import { ComponentPicker } from "./component-picker";
import { CONTROL, LABEL } from "./form-styles";
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
      <div className="space-y-1">
        <label htmlFor="maintenance-name" className={LABEL}>
          Title
        </label>
        <input id="maintenance-name" name="name" required maxLength={255} className={CONTROL} placeholder="Mainnet upgrade to v0.73" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="maintenance-from" className={LABEL}>
            Starts ({zone})
          </label>
          <input id="maintenance-from" type="datetime-local" required value={from} onChange={(event) => setFrom(event.target.value)} className={CONTROL} />
          <input type="hidden" name="scheduled_for" value={toInstant(from)} />
        </div>
        <div className="space-y-1">
          <label htmlFor="maintenance-until" className={LABEL}>
            Ends ({zone})
          </label>
          <input id="maintenance-until" type="datetime-local" required value={until} onChange={(event) => setUntil(event.target.value)} className={CONTROL} />
          <input type="hidden" name="scheduled_until" value={toInstant(until)} />
        </div>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="auto_in_progress" defaultChecked /> Start automatically at the window start
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="auto_completed" defaultChecked /> Complete automatically at the window end
        </label>
      </div>
      <div className="space-y-1">
        <label htmlFor="maintenance-body" className={LABEL}>
          Message
        </label>
        <textarea id="maintenance-body" name="body" rows={3} maxLength={25_000} className={CONTROL} placeholder="We will upgrade the Mainnet consensus nodes…" />
      </div>
      <ComponentPicker components={components} legend="Components in the window (status to show during it)" idPrefix="maintenance-component" />
      <SubmitButton pendingText="Scheduling…">Schedule maintenance</SubmitButton>
    </form>
  );
}
