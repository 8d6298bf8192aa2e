/** One `<option>` per status, labelled as a reader says it (lib/status/labels.ts). */
export function StatusOptions<Status extends string>({ statuses, labels }: { statuses: readonly Status[]; labels: Readonly<Record<Status, string>> }) {
  return (
    <>
      {statuses.map((status) => (
        <option key={status} value={status}>
          {labels[status]}
        </option>
      ))}
    </>
  );
}
