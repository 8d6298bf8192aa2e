import { CELL, ConsoleTable } from "@/components/admin/console-table";
import { EmailNotConfigured } from "@/components/admin/email-notice";
import { RowAction } from "@/components/admin/row-action";
import { SignedIn } from "@/components/admin/signed-in";
import { Callout } from "@/components/ui/callout";
import { emailConfigured, loadDeadDeliveries } from "@/lib/pages/admin-data";
import { retryDelivery } from "@/lib/pages/console-actions";

export const dynamic = "force-dynamic";

export default function AdminDeliveriesPage() {
  return (
    <SignedIn>
      <DeadLetters />
    </SignedIn>
  );
}

async function DeadLetters() {
  const { rows, error } = await loadDeadDeliveries();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Dead letters</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Notifications that failed every try, newest first, with the last error. A retry queues one again with its tries counted afresh and its
          idempotency key kept, so a receiver that did get it can drop the repeat.
        </p>
      </div>
      {!emailConfigured() && <EmailNotConfigured />}
      {error && <Callout tone="major" title={`The deliveries could not be read: ${error}`} role="alert" />}
      {rows.length === 0 && !error ? (
        <p>No dead deliveries.</p>
      ) : (
        <ConsoleTable caption="Dead deliveries" columns={["Delivery", "To", "Event", "Tries", "Last error", "Action"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={CELL}>{row.id}</td>
              <td className={`${CELL} break-all`}>{row.email ?? row.endpoint}</td>
              <td className={CELL}>
                {row.event}
                <span className="block text-slate-600 dark:text-slate-400">{row.event_created_at.slice(0, 16).replace("T", " ")}</span>
              </td>
              <td className={CELL}>{row.attempts}</td>
              <td className={`${CELL} break-all`}>{row.last_error ?? "–"}</td>
              <td className={CELL}>
                <RowAction action={retryDelivery} field="delivery_id" value={row.id} label="Retry" />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </div>
  );
}
