import type { ReactNode } from "react";

export const PRIMARY_BUTTON =
  "rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white";

/** A subscription page's form: a server action with the page's token in a hidden field (a plain POST without script). */
export function TokenForm({
  action,
  name,
  token,
  children,
  className = "space-y-4",
}: {
  action: (formData: FormData) => Promise<void>;
  /** The hidden field's name: `token` (manage token) or `confirm_token`. */
  name: "token" | "confirm_token";
  token: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form action={action} className={className}>
      <input type="hidden" name={name} value={token} />
      {children}
    </form>
  );
}

/** Not a subscription of ours: a token mistyped, or of a removed subscription. */
export function UnknownSubscription() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">Subscription not found</h1>
      <p className="text-slate-700 dark:text-slate-300">
        This link does not name a subscription. Check that it was copied whole, or <a href="/subscribe" className="underline underline-offset-4">subscribe again</a>.
      </p>
    </div>
  );
}
