"use client";

import { setComponentStatus } from "@/lib/pages/console-actions";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import { COMPONENT_STATUSES } from "@/lib/status/vocabulary";
import { StatusOptions } from "./status-options";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

/** One component's status, changed through the manage API. */
export function ComponentStatusForm({ id, name, status }: { id: string; name: string; status: ComponentStatus }) {
  const record = useRecordWrite();
  const selectId = `status-${id}`;
  return (
    <form action={async (formData) => record(await setComponentStatus(formData))} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="component_id" value={id} />
      <input type="hidden" name="component_name" value={name} />
      <label htmlFor={selectId} className="sr-only">
        Status of {name}
      </label>
      <select
        id={selectId}
        name="status"
        defaultValue={status}
        key={status}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <StatusOptions statuses={COMPONENT_STATUSES} labels={COMPONENT_STATUS_LABEL} />
      </select>
      <SubmitButton>Set status</SubmitButton>
    </form>
  );
}
