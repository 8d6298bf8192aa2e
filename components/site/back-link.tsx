
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline dark:text-slate-300">
      ← {children}
    </a>
  );
}
