import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminHeader } from "@/components/admin/admin-nav";
import { WriteResultsProvider } from "@/components/admin/write-results";
import { readAdminKey } from "@/lib/pages/admin-auth";
import { readPageInfo } from "@/lib/pages/page-info";

export const metadata: Metadata = { title: "Operator console", robots: { index: false, follow: false } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [page, key] = await Promise.all([readPageInfo(), readAdminKey()]);
  return (
    <>
      <AdminHeader pageName={page?.name ?? "Network Status"} signedIn={key !== null} />
      <WriteResultsProvider>
        <main id="main" className="mx-auto max-w-5xl px-4 pt-8 pb-64 sm:px-6">
          {children}
        </main>
      </WriteResultsProvider>
    </>
  );
}
