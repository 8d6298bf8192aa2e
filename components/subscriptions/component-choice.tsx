import type { ComponentChoices } from "@/lib/pages/subscription";

type Props = {
  choices: ComponentChoices;
  /** Prefix of the checkboxes' ids: unique per form on a page. */
  idPrefix: string;
  checked?: ReadonlySet<string>;
  /** The error that names this choice, for its fieldset's description. */
  errorId?: string;
};

const BOX = "size-4 rounded border-slate-400 accent-slate-900 dark:accent-slate-100";

function Box({ id, name, value, label, checked }: { id: string; name: string; value: string; label: string; checked: boolean }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 py-0.5 text-sm">
      <input id={id} type="checkbox" name={name} value={value} defaultChecked={checked} className={BOX} />
      {label}
    </label>
  );
}

/**
 * The components a subscription follows, as plain checkboxes (no script): a
 * group's "all of" box stands for the members it has when the choice is
 * saved. None checked is the whole page.
 */
export function ComponentChoice({ choices, idPrefix, checked = new Set(), errorId }: Props) {
  return (
    <fieldset className="space-y-3" aria-describedby={errorId}>
      <legend className="text-sm font-medium">Components (leave all unchecked for everything)</legend>
      {choices.groups.map((group) => (
        <fieldset key={group.id} className="space-y-1">
          <legend className="text-sm font-semibold">{group.name}</legend>
          <Box id={`${idPrefix}-group-${group.id}`} name="subscriber[group_ids][]" value={group.id} label={`All of ${group.name}`} checked={false} />
          <div className="grid gap-x-4 pl-6 sm:grid-cols-2">
            {group.members.map((member) => (
              <Box
                key={member.id}
                id={`${idPrefix}-${member.id}`}
                name="subscriber[component_ids][]"
                value={member.id}
                label={member.name}
                checked={checked.has(member.id)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {choices.ungrouped.length > 0 && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          {choices.ungrouped.map((component) => (
            <Box
              key={component.id}
              id={`${idPrefix}-${component.id}`}
              name="subscriber[component_ids][]"
              value={component.id}
              label={component.name}
              checked={checked.has(component.id)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
