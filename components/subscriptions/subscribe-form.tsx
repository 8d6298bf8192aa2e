import { CONTROL, LABEL } from "@/components/admin/form-styles";
import type { ComponentChoices } from "@/lib/pages/subscription";
import { SUBSCRIBE_ERRORS, type SubscribeError } from "@/lib/status/subscribe-errors";
import { ComponentChoice } from "./component-choice";

type Props = {
  choices: ComponentChoices;
  /** Unique per page: the ids of the form's fields and heading start with it. */
  id?: string;
  /** The refused field, when the subscribe page shows the form again. */
  error?: SubscribeError;
};

type FieldProps = {
  id: string;
  label: string;
  type: "email" | "url";
  name: string;
  maxLength: number;
  autoComplete?: string;
  placeholder?: string;
  /** The error or note that describes the field. */
  describedBy?: string;
  /** Set when the description is an error; otherwise the field is invalid exactly when described. */
  invalid?: boolean;
};

function TextField({ id, label, describedBy, invalid = describedBy !== undefined, ...input }: FieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} {...input} aria-invalid={invalid || undefined} aria-describedby={describedBy} className={`${CONTROL} max-w-md`} />
    </div>
  );
}

const BUTTON =
  "rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white";

/**
 * Subscribing to updates: a plain form posted to POST /api/subscriptions,
 * which answers a browser with the subscribe page (no script needed, none
 * sent). An email address or, behind a disclosure, a webhook URL; every
 * component or some.
 */
export function SubscribeForm({ choices, id = "subscribe", error }: Props) {
  const errorId = `${id}-error`;
  const describedBy = (field: SubscribeError) => (error === field || (error === "choice" && field !== "components") ? errorId : undefined);
  const hasChoices = choices.groups.length + choices.ungrouped.length > 0;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Get updates
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        An email when an incident or maintenance is posted, updated or resolved. We first send a link to confirm; every message has a link to
        change or end the subscription.
      </p>
      {error && (
        <p id={errorId} role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <strong>Not subscribed: </strong>
          {SUBSCRIBE_ERRORS[error]}
        </p>
      )}
      <form method="post" action="/api/subscriptions" className="space-y-4">
        <TextField
          id={`${id}-email`}
          label="Email address"
          type="email"
          name="subscriber[email]"
          maxLength={254}
          autoComplete="email"
          describedBy={describedBy("email")}
        />
        <details open={error === "endpoint"} className="space-y-2">
          <summary className="cursor-pointer text-sm font-medium">Or a webhook instead</summary>
          <div className="space-y-1 pt-2">
            <TextField
              id={`${id}-endpoint`}
              label="Webhook URL"
              type="url"
              name="subscriber[endpoint]"
              maxLength={2000}
              placeholder="https://example.com/status-hook"
              describedBy={describedBy("endpoint") ?? `${id}-endpoint-note`}
              invalid={describedBy("endpoint") !== undefined}
            />
            <p id={`${id}-endpoint-note`} className="text-sm text-slate-600 dark:text-slate-400">
              Statuspage&apos;s JSON, signed. The confirmation link is posted to the URL itself; leave the email address empty.
            </p>
          </div>
        </details>
        {hasChoices && (
          <details open={error === "components"} className="space-y-2">
            <summary className="cursor-pointer text-sm font-medium">Only some components</summary>
            <div className="pt-2">
              <ComponentChoice choices={choices} idPrefix={`${id}-component`} errorId={error === "components" ? errorId : undefined} />
            </div>
          </details>
        )}
        <button type="submit" className={BUTTON}>
          Subscribe
        </button>
      </form>
    </section>
  );
}
