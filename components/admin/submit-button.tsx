"use client";

import { useFormStatus } from "react-dom";

/** A form's submit button that says when the write is under way and blocks a double submit. */
export function SubmitButton({ children, pendingText = "Saving…" }: { children: string; pendingText?: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white"
    >
      {pending ? pendingText : children}
    </button>
  );
}
