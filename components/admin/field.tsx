import type { ReactNode } from "react";
import { LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";
import type { LifecycleStatus } from "@/lib/status/vocabulary";
import { CONTROL, LABEL } from "./form-styles";
import { StatusOptions } from "./status-options";

/** A labelled control of a console form. */
export function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The lifecycle statuses an incident or maintenance may take, by their public labels. */
export function LifecycleSelect({ id, statuses, defaultValue }: { id: string; statuses: readonly LifecycleStatus[]; defaultValue: LifecycleStatus }) {
  return (
    <select id={id} name="status" defaultValue={defaultValue} key={defaultValue} className={CONTROL}>
      <StatusOptions statuses={statuses} labels={LIFECYCLE_STATUS_LABEL} />
    </select>
  );
}

/** The message an incident update posts (its `body`). */
export function MessageField({ id, rows, placeholder }: { id: string; rows: number; placeholder?: string }) {
  return (
    <Field id={id} label="Message">
      <textarea id={id} name="body" rows={rows} maxLength={25_000} className={CONTROL} placeholder={placeholder} />
    </Field>
  );
}

/** The name of a new incident or maintenance. */
export function TitleField({ id, placeholder }: { id: string; placeholder: string }) {
  return (
    <Field id={id} label="Title">
      <input id={id} name="name" required maxLength={255} className={CONTROL} placeholder={placeholder} />
    </Field>
  );
}
