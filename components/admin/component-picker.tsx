import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import { COMPONENT_STATUSES } from "@/lib/status/vocabulary";
import { StatusOptions } from "./status-options";

export type PickableComponent = { id: string; name: string };

/**
 * Which components a write involves and what to set them to: one select per
 * component, named `component:<id>`, holding "" (not involved), "listed"
 * (involved, status unchanged) or a status.
 */
type Props = {
  components: readonly PickableComponent[];
  legend: string;
  /** Keeps ids unique when several pickers share a page. */
  idPrefix: string;
  allowListed?: boolean;
  /** What the empty choice means here: "Not involved" for a new incident, "Unchanged" for an update. */
  emptyLabel?: string;
};

export function ComponentPicker({ components, legend, idPrefix, allowListed = true, emptyLabel = "Not involved" }: Props) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {components.map((component) => (
          <div key={component.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
            <label htmlFor={`${idPrefix}-${component.id}`} className="text-sm">
              {component.name}
            </label>
            <select
              id={`${idPrefix}-${component.id}`}
              name={`component:${component.id}`}
              defaultValue=""
              className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm sm:w-auto dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="">{emptyLabel}</option>
              {allowListed && <option value="listed">Involved, status unchanged</option>}
              <StatusOptions statuses={COMPONENT_STATUSES} labels={COMPONENT_STATUS_LABEL} />
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
