import Link from "next/link";
import { signOut } from "@/lib/pages/console-actions";
import { NavLinks } from "@/components/site/nav-link";

const LINKS = [
  { href: "/admin/components", label: "Components" },
  { href: "/admin/incidents", label: "Incidents" },
  { href: "/admin/maintenance", label: "Maintenance" },
  { href: "/admin/monitors", label: "Monitors" },
  { href: "/admin/subscribers", label: "Subscribers" },
  { href: "/admin/deliveries", label: "Dead letters" },
] as const;

/** The console's header: its sections, the public page, and sign-out (a POST form, never a GET link). */
export function AdminHeader({ pageName, signedIn }: { pageName: string; signedIn: boolean }) {
  return (
    <header className="border-b border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="text-lg font-semibold tracking-tight">
          {pageName} <span className="font-normal text-slate-600 dark:text-slate-400">· Operator console</span>
        </p>
        <nav aria-label="Console" className="flex flex-wrap items-center gap-1 text-sm">
          {signedIn && (
            <NavLinks links={LINKS} className="flex flex-wrap gap-1" />
          )}
          <Link href="/" className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
            Public page
          </Link>
          {signedIn && (
            <form action={signOut}>
              <button type="submit" className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
                Sign out
              </button>
            </form>
          )}
        </nav>
      </div>
    </header>
  );
}
