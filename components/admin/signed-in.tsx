import type { ReactNode } from "react";
import { readAdminKey } from "@/lib/pages/admin-auth";
import { SignInForm } from "./sign-in-form";

/** Renders a console page for a signed-in operator, and the sign-in form for anyone else. */
export async function SignedIn({ children }: { children: ReactNode }) {
  if (await readAdminKey()) return <>{children}</>;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="max-w-2xl text-slate-700 dark:text-slate-300">
        The console changes the status page through the manage API, with your API key. The key is kept in an encrypted, http-only cookie
        for this console only and is checked again on every change.
      </p>
      <SignInForm />
    </div>
  );
}
