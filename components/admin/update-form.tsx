"use client";

import { postUpdate } from "@/lib/pages/console-actions";
import type { LifecycleStatus } from "@/lib/status/vocabulary";
import type { PickableComponent } from "./component-picker";
import { ComponentPicker } from "./component-picker";
import { Field, LifecycleSelect, MessageField } from "./field";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

type Props = {
  incidentId: string;
  /** The statuses the next update may choose (its kind's lifecycle). */
  statuses: readonly LifecycleStatus[];
  current: LifecycleStatus;
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
        <Field id={`${prefix}-status`} label="New status">
          <LifecycleSelect id={`${prefix}-status`} statuses={statuses} defaultValue={current} />
        </Field>
        <MessageField id={`${prefix}-body`} rows={2} />
      </div>
      {components.length > 0 && (
        <ComponentPicker components={components} legend="Set component statuses (optional)" idPrefix={`${prefix}-component`} allowListed={false} emptyLabel="Unchanged" />
      )}
      <SubmitButton pendingText="Posting…">Post update</SubmitButton>
    </form>
  );
}
