/** A plain GET form: works without JavaScript and gives every filtered view its own URL. */
export function ComponentFilter({ components, selected }: { components: readonly { id: string; name: string }[]; selected: string | null }) {
  return (
    <form method="get" action="/history" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor="component" className="text-sm font-medium">
          Component
        </label>
        <select
          id="component"
          name="component"
          defaultValue={selected ?? ""}
          className="min-w-56 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="">All components</option>
          {components.map((component) => (
            <option key={component.id} value={component.id}>
              {component.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white">
        Filter
      </button>
    </form>
  );
}
