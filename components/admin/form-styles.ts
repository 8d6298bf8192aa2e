/** The console's form controls share one look. */
export const CONTROL = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";
export const LABEL = "block text-sm font-medium";
