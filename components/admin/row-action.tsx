"use client";

import type { WriteResult } from "@/lib/pages/console-actions";
import { SubmitButton } from "./submit-button";
import { useRecordWrite } from "./write-results";

/** One button acting on one row of a console list (a subscriber, a delivery), its result shown in the write panel. */
export function RowAction({
  action,
  field,
  value,
  label,
}: {
  action: (formData: FormData) => Promise<WriteResult>;
  field: string;
  value: string;
  label: string;
}) {
  const record = useRecordWrite();
  return (
    <form action={async (formData) => record(await action(formData))}>
      <input type="hidden" name={field} value={value} />
      <SubmitButton pendingText="Working…">{label}</SubmitButton>
    </form>
  );
}
