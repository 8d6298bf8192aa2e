"use client";

import { useActionState } from "react";
import { signIn } from "@/lib/pages/console-actions";
import { Callout } from "@/components/ui/callout";
import { SubmitButton } from "./submit-button";

/** Sign-in with a manage-API key; the key goes into a sealed http-only cookie, never into script-readable storage. */
export function SignInForm() {
  const [state, action] = useActionState(signIn, { error: null });
  return (
    <form action={action} className="max-w-md space-y-4">
      <div className="space-y-1">
        <label htmlFor="api_key" className="block text-sm font-medium">
          API key
        </label>
        <input
          id="api_key"
          name="api_key"
          type="password"
          required
          autoComplete="current-password"
          aria-invalid={Boolean(state.error)}
          aria-describedby={state.error ? "sign-in-error" : undefined}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">The key the manage API accepts (`Authorization: OAuth &lt;key&gt;`), e.g. the one in ADMIN_API_KEY.</p>
      </div>
      {state.error && (
        <div id="sign-in-error">
          <Callout tone="critical" title="Not signed in" role="alert">
            <p>{state.error}</p>
          </Callout>
        </div>
      )}
      <SubmitButton pendingText="Checking…">Sign in</SubmitButton>
    </form>
  );
}
