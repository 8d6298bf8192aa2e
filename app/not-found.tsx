import type { Metadata } from "next";
import { connection } from "next/server";
import { NotFoundMessage } from "@/components/site/not-found-message";
import { SiteChrome } from "@/components/site/site-chrome";
import { readSiteName } from "@/lib/pages/site-name";

export const metadata: Metadata = { title: "Page not found" };

/** Paths no route matches: outside the public layout, so the 404 brings the site's frame itself. */
export default async function NotFound() {
  // The site's name comes from the database: render per request, never at build.
  await connection();
  return (
    <SiteChrome name={await readSiteName()}>
      <NotFoundMessage />
    </SiteChrome>
  );
}
