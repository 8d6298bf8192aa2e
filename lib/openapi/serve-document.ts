import fs from "node:fs";
import path from "node:path";

let document: string | undefined;

/** `GET /api/v1/docs/openapi.yml`: the OpenAPI description of what this server implements. */
export async function serveOpenApiDocument(): Promise<Response> {
  document ??= fs.readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "openapi", "openapi.yml"), "utf8");
  return new Response(document, { headers: { "content-type": "application/yaml; charset=utf-8", "cache-control": "public, max-age=300" } });
}
