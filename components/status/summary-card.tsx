import type { ReactNode } from "react";
import { StatusLabel } from "./status-label";
import type { Tone } from "./tone";
import { TONE_PANEL } from "./tone";

type Props = {
  tone: Tone;
  href: string;
  name: string;
  /** The status label beside the name. */
  label: string;
  components: readonly { id: string; name: string }[];
  /** Qualified component names ("Group › Component") by id. */
  names: ReadonlyMap<string, string>;
  /** What the entry says between its heading and the components it touches. */
  children: ReactNode;
};

/** An incident or maintenance on the dashboard: a linked name and its status, its own lines, and what it touches. */
export function SummaryCard({ tone, href, name, label, components, names, children }: Props) {
  return (
    <article className={`rounded-xl border-l-4 p-4 sm:p-5 ${TONE_PANEL[tone]}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-lg font-semibold">
          <a href={href} className="underline-offset-4 hover:underline">
            {name}
          </a>
        </h3>
        <StatusLabel tone={tone} label={label} className="text-sm" />
      </div>
      {children}
      {components.length > 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Affects {components.map((component) => names.get(component.id) ?? component.name).join(", ")}
        </p>
      )}
    </article>
  );
}
