import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { readSiteName } from "@/lib/pages/site-name";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  // Every page names the site after the status page's settings, read per request (never at build).
  await connection();
  const name = await readSiteName();
  return {
    title: { default: name, template: `%s · ${name}` },
    description: "Live status of the ledger network, its mirror query API and its fee estimator.",
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
