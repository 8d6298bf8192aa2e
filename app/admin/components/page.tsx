import { ComponentStatusForm } from "@/components/admin/component-status-form";
import { SignedIn } from "@/components/admin/signed-in";
import { StatusSource } from "@/components/admin/status-source";
import { StatusLabel } from "@/components/status/status-label";
import { COMPONENT_STATUS_TONE } from "@/components/status/tone";
import { loadConsoleData } from "@/lib/pages/admin-data";
import { loadStatusSources } from "@/lib/pages/admin-monitors";
import { readPageInfo } from "@/lib/pages/page-info";
import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";

export const dynamic = "force-dynamic";

export default async function AdminComponentsPage() {
  return (
    <SignedIn>
      <ComponentsConsole />
    </SignedIn>
  );
}

async function ComponentsConsole() {
  const [{ components }, sources, page] = await Promise.all([loadConsoleData(), loadStatusSources(), readPageInfo()]);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Component status</h1>
        <p className="text-slate-700 dark:text-slate-300">
          A change here is a manual status change: it is recorded in the component&apos;s history and uptime, and shows on the public page at once.
          On a component with monitors it wins over them until you clear it.
        </p>
      </div>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {components.map(({ id, name, status }) => {
          const source = sources.get(id);
          return (
            <li key={id} className="grid items-center gap-3 px-4 py-3 sm:grid-cols-[1fr_auto] sm:px-5">
              <div>
                <h2 className="font-medium">{name}</h2>
                <StatusLabel tone={COMPONENT_STATUS_TONE[status]} label={`Now: ${COMPONENT_STATUS_LABEL[status]}`} className="text-sm" />
              </div>
              <ComponentStatusForm id={id} name={name} status={status} />
              {source && (
                <div className="sm:col-span-2">
                  <StatusSource component={{ id, name }} source={source} timeZone={page?.timeZone ?? "UTC"} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
