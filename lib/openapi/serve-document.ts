import { openApiJson, openApiYaml } from "./document";

const CACHE_CONTROL = "public, max-age=300";

/** `GET /api/v1/docs/openapi.yml`: the OpenAPI description of what this server implements. */
export async function serveOpenApiDocument(): Promise<Response> {
  return new Response(openApiYaml(), { headers: { "content-type": "application/yaml; charset=utf-8", "cache-control": CACHE_CONTROL } });
}

/** `GET /api/v1/docs/openapi.json`: the same document as JSON. */
export async function serveOpenApiJson(): Promise<Response> {
  return new Response(openApiJson(), { headers: { "content-type": "application/json; charset=utf-8", "cache-control": CACHE_CONTROL } });
}
