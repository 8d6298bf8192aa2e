import { NavLinks } from "./nav-link";

const LINKS = [
  { href: "/", label: "Status" },
  { href: "/history", label: "History" },
  { href: "/fees", label: "Fee estimator" },
] as const;

export function SiteHeader({ name }: { name: string }) {
  return (
    <header className="border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        {/* A plain anchor, like every link of the public pages: see NavLink. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className="text-lg font-semibold tracking-tight">
          {name}
        </a>
        <nav aria-label="Main">
          <NavLinks links={LINKS} className="flex gap-1 text-sm" />
        </nav>
      </div>
    </header>
  );
}
