/** Public, credential-free resources: any origin may read them (Statuspage's public API does the same). */
export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Cache-Control",
};

/** The preflight answer for public GET resources. */
export async function publicCorsPreflight(): Promise<Response> {
  return new Response(null, {
    status: 204,
    headers: {
      ...PUBLIC_CORS_HEADERS,
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-allow-headers": "If-None-Match, Content-Type",
      "access-control-max-age": "86400",
    },
  });
}
