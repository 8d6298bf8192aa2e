import Link from "next/link";
import type { WriteResult } from "@/lib/pages/console-actions";
import { StatusLabel } from "@/components/status/status-label";
import { COMPONENT_STATUS_TONE, INDICATOR_TONE } from "@/components/status/tone";
import { Callout } from "@/components/ui/callout";
import { COMPONENT_STATUS_LABEL, LIFECYCLE_STATUS_LABEL } from "@/lib/status/labels";

/** The outcome of a console write and, when it went through, what the public page now says. */
export function WriteResultPanel({ result }: { result: WriteResult }) {
  if (!result.ok) {
    return (
      <Callout tone="critical" title={result.title} role="alert">
        <ul>
          {result.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      </Callout>
    );
  }
  const view = result.publicView;
  return (
    <div role="status" className="space-y-3 rounded-lg border border-emerald-600 bg-emerald-50 p-4 text-sm dark:border-emerald-500 dark:bg-emerald-950/40">
      <p className="font-semibold">
        Saved: {result.title}.{" "}
        {result.link && (
          <Link href={result.link.href} className="font-normal underline underline-offset-4">
            {result.link.label}
          </Link>
        )}
      </p>
      {view && (
        <div className="space-y-2 border-t border-emerald-600/30 pt-3">
          <p className="flex flex-wrap items-center gap-2">
            <span>The public page now reads:</span>
            <StatusLabel tone={view.maintenanceActive && view.indicator === "none" ? "maintenance" : INDICATOR_TONE[view.indicator]} label={view.description} />
          </p>
          {view.troubled.length === 0 ? (
            <p>Every component is operational.</p>
          ) : (
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {view.troubled.map((component) => (
                <li key={component.name}>
                  <StatusLabel tone={COMPONENT_STATUS_TONE[component.status]} label={`${component.name}: ${COMPONENT_STATUS_LABEL[component.status]}`} />
                </li>
              ))}
            </ul>
          )}
          {view.incidents.length + view.maintenances.length > 0 && (
            <p>
              Shown on the page:{" "}
              {[...view.incidents, ...view.maintenances].map((entry) => `${entry.name} (${LIFECYCLE_STATUS_LABEL[entry.status]})`).join(", ")}
            </p>
          )}
          <Link href="/" className="inline-block underline underline-offset-4">
            Open the public page
          </Link>
        </div>
      )}
    </div>
  );
}
