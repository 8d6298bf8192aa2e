"use client";

import { postUpdate } from "@/app/admin/actions";
import { lifecycleLabel } from "@/components/status/tone";
import type { PickableComponent } from "./component-picker";
import { ComponentPicker } from "./component-picker";
import { CONTROL, LABEL } from "./form-styles";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

type Props = {
  incidentId: string;
  /** The statuses the next update may choose (its kind's lifecycle). */
  statuses: readonly string[];
  current: string;
  components: readonly PickableComponent[];
};

/** Posts an update to an incident or maintenance (PATCH /incidents/{id}). */
export function UpdateForm({ incidentId, statuses, current, components }: Props) {
  const record = useRecordWrite();
  const prefix = `update-${incidentId}`;
  return (
    <form action={async (formData) => record(await postUpdate(formData))} className="space-y-3">
      <input type="hidden" name="incident_id" value={incidentId} />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div className="space-y-1">
          <label htmlFor={`${prefix}-status`} className={LABEL}>
            New status
          </label>
          <select id={`${prefix}-status`} name="status" defaultValue={current} key={current} className={CONTROL}>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {lifecycleLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${prefix}-body`} className={LABEL}>
            Message
          </label>
          <textarea id={`${prefix}-body`} name="body" rows={2} maxLength={25_000} className={CONTROL} />
        </div>
      </div>
      {components.length > 0 && (
        <ComponentPicker components={components} legend="Set component statuses (optional)" idPrefix={`${prefix}-component`} allowListed={false} emptyLabel="Unchanged" />
      )}
      <SubmitButton pendingText="Posting…">Post update</SubmitButton>
    </form>
  );
}
