import fs from "node:fs";
import path from "node:path";

/**
 * `GET /api/docs`: a readable reference of the OpenAPI document, rendered in
 * the browser by Scalar's standalone bundle, which this server serves itself
 * from the installed package (no CDN). Scalar's web fonts, telemetry and its
 * hosted services (AI agent, MCP, developer tools) are turned off, so the page
 * makes no request elsewhere and works offline (e2e/api-docs.spec.ts).
 */
const SCRIPT_PATH = "/api/docs/reference.js";
const DOCUMENT_PATH = "/api/v1/docs/openapi.json";

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="${SCRIPT_PATH}"></script>
    <script>
      Scalar.createApiReference("#api-reference", {
        url: "${DOCUMENT_PATH}",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        agent: { disabled: true },
        mcp: { disabled: true },
      });
    </script>
  </body>
</html>
`;

const STANDALONE_BUNDLE = path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
let bundle: string | undefined;

/**
 * The renderer still asks for its web fonts from its own host despite
 * `withDefaultFonts: false` (Scalar 1.72); the policy keeps every request on
 * this server, and the page falls back to the system fonts.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join("; ");

export async function serveApiReferencePage(): Promise<Response> {
  return new Response(PAGE, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300", "content-security-policy": CONTENT_SECURITY_POLICY },
  });
}

export async function serveApiReferenceScript(): Promise<Response> {
  bundle ??= fs.readFileSync(STANDALONE_BUNDLE, "utf8");
  return new Response(bundle, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
