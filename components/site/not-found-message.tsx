/** What a 404 says, and the ways back: the current status and the history. */
export function NotFoundMessage() {
  return (
    <div className="max-w-prose space-y-4">
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Nothing is at this address. The incident or maintenance may have been removed, or the link may be mistyped.
      </p>
      <ul className="flex flex-wrap gap-3">
        <li>
          {/* A plain anchor, like every link of the public pages: see NavLink. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200">
            Back to the current status
          </a>
        </li>
        <li>
          <a href="/history" className="inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
            Incident history
          </a>
        </li>
      </ul>
    </div>
  );
}
