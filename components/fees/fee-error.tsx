import { Callout } from "@/components/ui/callout";
import type { FeeError } from "@/lib/pages/fee-estimate";

/** The endpoint's refusal, in its own words: which parameter, and why. */
export function FeeErrorCallout({ error, id }: { error: FeeError; id?: string }) {
  return (
    <div id={id}>
      <Callout tone="critical" title={`The fee service refused the request (HTTP ${error.status})`} role="alert">
        <ul className="space-y-0.5">
          {error.messages.map((entry, index) => (
            <li key={index}>
              <span className="font-medium">{entry.message}</span>
              {entry.detail && <span>: {entry.detail}</span>}
            </li>
          ))}
        </ul>
      </Callout>
    </div>
  );
}
