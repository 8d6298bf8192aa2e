import fs from "node:fs";
import path from "node:path";
import { load } from "js-yaml";

/**
 * The OpenAPI document of what this server answers, kept by hand in
 * openapi.yml beside this file; lib/openapi/coverage.test.ts keeps it and the
 * route table in step, responses.test.ts checks real responses against it.
 */
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};
export type OpenApiOperation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
};

const DOCUMENT_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "openapi", "openapi.yml");

let text: string | undefined;
let json: string | undefined;

export function openApiYaml(): string {
  text ??= fs.readFileSync(DOCUMENT_FILE, "utf8");
  return text;
}

export function openApiDocument(): OpenApiDocument {
  return load(openApiYaml()) as OpenApiDocument;
}

/** The document as JSON text, converted once. */
export function openApiJson(): string {
  json ??= JSON.stringify(openApiDocument());
  return json;
}
