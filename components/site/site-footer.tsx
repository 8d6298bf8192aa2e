
const linkClass = "underline underline-offset-4 hover:text-slate-900 dark:hover:text-white";

/** Ways to follow the page without visiting it: feeds, the badge, the API. */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-5xl flex-wrap gap-x-8 gap-y-3 px-4 py-6 text-sm text-slate-600 sm:px-6 dark:text-slate-400">
        <p>
          Follow: <a href="/history.rss" className={linkClass}>RSS</a> · <a href="/history.atom" className={linkClass}>Atom</a> ·{" "}
          <a href="/badge.svg" className={linkClass}>Status badge</a>
        </p>
        <p>
          API: <a href="/api/v2/summary.json" className={linkClass}>/api/v2/summary.json</a>
        </p>
        <p className="sm:ml-auto">
          <a href="/admin" className={linkClass}>Operator console</a>
        </p>
      </div>
    </footer>
  );
}
