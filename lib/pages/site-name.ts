import { readPageInfo } from "./page-info";

/** The name shown before a status page is set up; afterwards the page settings name the site. */
export const FALLBACK_SITE_NAME = "Network Status";

/** One name for the site everywhere (header, titles, 404): the status page's own. */
export async function readSiteName(): Promise<string> {
  return (await readPageInfo())?.name ?? FALLBACK_SITE_NAME;
}
