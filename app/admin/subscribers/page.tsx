import { CELL, ConsoleTable } from "@/components/admin/console-table";
import { EmailNotConfigured } from "@/components/admin/email-notice";
import { RowAction } from "@/components/admin/row-action";
import { SignedIn } from "@/components/admin/signed-in";
import { Callout } from "@/components/ui/callout";
import type { ConsoleSubscriber } from "@/lib/pages/admin-data";
import { emailConfigured, loadConsoleData, loadConsoleSubscribers } from "@/lib/pages/admin-data";
import { removeSubscriber, resendSubscriberConfirmation } from "@/lib/pages/console-actions";

export const dynamic = "force-dynamic";

export default function AdminSubscribersPage() {
  return (
    <SignedIn>
      <SubscribersConsole />
    </SignedIn>
  );
}

function state(row: ConsoleSubscriber): string {
  if (row.quarantined_at) return "Quarantined";
  return row.confirmed_at ? "Active" : "Unconfirmed";
}

async function SubscribersConsole() {
  const [{ rows, error }, { names }] = await Promise.all([loadConsoleSubscribers(), loadConsoleData()]);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Subscribers</h1>
        <p className="text-slate-700 dark:text-slate-300">
          Everyone subscribed from the public page or through the manage API, oldest first. Visitors never see these addresses; each manages
          their own subscription through the links in their messages.
        </p>
      </div>
      {!emailConfigured() && <EmailNotConfigured />}
      {error && <Callout tone="major" title={`The subscribers could not be read: ${error}`} role="alert" />}
      {rows.length === 0 && !error ? (
        <p>No subscribers yet.</p>
      ) : (
        <ConsoleTable caption="Subscribers" columns={["Type", "Address", "State", "Components", "Created", "Actions"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={CELL}>{row.mode === "email" ? "Email" : "Webhook"}</td>
              <td className={`${CELL} break-all`}>{row.email ?? row.endpoint}</td>
              <td className={CELL}>{state(row)}</td>
              <td className={CELL}>{row.components.length === 0 ? "Whole page" : row.components.map((id) => names.get(id) ?? id).join(", ")}</td>
              <td className={`${CELL} whitespace-nowrap`}>{row.created_at.slice(0, 16).replace("T", " ")}</td>
              <td className={`${CELL} space-y-2`}>
                {row.mode === "email" && !row.confirmed_at && (
                  <RowAction action={resendSubscriberConfirmation} field="subscriber_id" value={row.id} label="Resend confirmation" />
                )}
                <RowAction action={removeSubscriber} field="subscriber_id" value={row.id} label="Unsubscribe" />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </div>
  );
}
