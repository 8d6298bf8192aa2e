import type { ReactNode } from "react";
import { SiteChrome } from "@/components/site/site-chrome";
import { readSiteName } from "@/lib/pages/site-name";

export default async function PublicLayout({ children }: { children: ReactNode }) {
  return <SiteChrome name={await readSiteName()}>{children}</SiteChrome>;
}
