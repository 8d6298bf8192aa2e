"use client";

import type { ReactNode } from "react";
import { createContext, useContext, useState } from "react";
import type { WriteResult } from "@/lib/pages/console-actions";
import { WriteResultPanel } from "./write-result";

const RecordWrite = createContext<(result: WriteResult) => void>(() => {});

/**
 * Shows the latest console write, its verdict and the public page after it,
 * in a panel at the bottom of the window. It lives in the console layout, not
 * in the form: a form can vanish with its write (resolving an incident drops
 * it from the open list), and the result must still be seen.
 */
export function WriteResultsProvider({ children }: { children: ReactNode }) {
  const [latest, setLatest] = useState<WriteResult | null>(null);
  return (
    <RecordWrite value={setLatest}>
      {children}
      {latest && (
        <div className="fixed inset-x-0 bottom-0 z-30 max-h-[60vh] overflow-y-auto p-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[28rem] sm:p-0">
          <div className="rounded-lg bg-white shadow-xl dark:bg-slate-950">
            <WriteResultPanel result={latest} />
          </div>
          <button
            type="button"
            onClick={() => setLatest(null)}
            className="mt-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium shadow hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            Dismiss
          </button>
        </div>
      )}
    </RecordWrite>
  );
}

/** The function a console form hands its write's result to. */
export function useRecordWrite(): (result: WriteResult) => void {
  return useContext(RecordWrite);
}
