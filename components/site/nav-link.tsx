"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * A main-menu link that marks the current section (`aria-current`) for sight
 * and for screen readers. A plain anchor: the public pages leave next/link's
 * client router out of their bundle (the dashboard's JavaScript budget), and
 * they are server-rendered and quick to load in full.
 */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = href === "/" ? pathname === "/" || pathname.startsWith("/incidents") || pathname.startsWith("/maintenance") : pathname.startsWith(href);
  return (
    <a
      href={href}
      aria-current={current ? "page" : undefined}
      className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-100 dark:aria-[current=page]:text-slate-900"
    >
      {children}
    </a>
  );
}

/** A menu: one `NavLink` per entry, in a list. */
export function NavLinks({ links, className }: { links: readonly { href: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <NavLink href={link.href}>{link.label}</NavLink>
        </li>
      ))}
    </ul>
  );
}
