import { NextResponse, type NextRequest } from "next/server";
import { refuseCrossOriginWrite } from "@/lib/pages/admin-origin";
import { contentSecurityPolicy, PAGE_SECURITY_HEADERS } from "@/lib/pages/security-headers";

/**
 * Runs before Next renders a page. The operator console refuses
 * cross-origin writes with a 403 before any server action runs. Every page
 * then gets a fresh nonce: set on the request's Content-Security-Policy,
 * Next writes it on each of its inline scripts; the same policy and the page
 * security headers go on the response. Snapshot pages
 * (lib/server/page-snapshots.ts) replace the nonce by the hashes of their
 * inline scripts, since one snapshot answers many requests.
 */
export function proxy(request: NextRequest): Response {
  if (request.nextUrl.pathname === "/admin" || request.nextUrl.pathname.startsWith("/admin/")) {
    const refused = refuseCrossOriginWrite(request);
    if (refused) return refused;
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy([`'nonce-${nonce}'`]);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: not the API or the feeds (route-table routes, which the app server answers without Next), Next's static assets, or the files of public/.
  matcher: ["/((?!api/|history\\.rss|history\\.atom|_next/static/|_next/image|examples/|icon\\.svg|favicon\\.ico).*)"],
};
