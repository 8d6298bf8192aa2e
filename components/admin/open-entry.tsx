import Link from "next/link";
import type { ReactNode } from "react";
import { INCIDENT_STATUSES, MAINTENANCE_STATUSES, type LifecycleStatus } from "@/lib/status/vocabulary";
import { UpdateForm } from "./update-form";

type Entry = { id: string; name: string; status: LifecycleStatus; components: readonly { id: string; name: string }[] };

/** Each kind's lifecycle: the statuses its next update may choose. */
const STATUSES = { incidents: INCIDENT_STATUSES, maintenance: MAINTENANCE_STATUSES } as const;

type Props = {
  /** Its kind, as its public page's path names it: `/incidents/<id>`, `/maintenance/<id>`. */
  kind: keyof typeof STATUSES;
  entry: Entry;
  /** Qualified component names (`Group - Component`), by id. */
  names: ReadonlyMap<string, string>;
  status: ReactNode;
  children?: ReactNode;
};

/** An open incident or maintenance in the console: its name linked to its public page, its status, and the form for its next update. */
export function OpenEntry({ kind, entry, names, status, children }: Props) {
  return (
    <article className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <Link href={`/${kind}/${entry.id}`} className="underline-offset-4 hover:underline">
            {entry.name}
          </Link>
        </h3>
        {status}
      </div>
      {children}
      <UpdateForm
        incidentId={entry.id}
        statuses={STATUSES[kind]}
        current={entry.status}
        components={entry.components.map((component) => ({ id: component.id, name: names.get(component.id) ?? component.name }))}
      />
    </article>
  );
}
