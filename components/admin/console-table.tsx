import type { ReactNode } from "react";

/** A console table's cell padding, for the rows a list gives. */
export const CELL = "px-3 py-2 align-top";

/** One console list as a table: a caption for assistive technology, column headers, and the list's rows. */
export function ConsoleTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {columns.map((title) => (
              <th key={title} scope="col" className={`${CELL} font-semibold`}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
