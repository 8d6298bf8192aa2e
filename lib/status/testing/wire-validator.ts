import Ajv from "ajv";
import type { V2DocumentName } from "../documents";
import { V2_DOCUMENT_SCHEMAS } from "../wire-schema";

/** Test-only: validators for the v2 documents; returns ajv's error list (empty when valid). */
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map(
  Object.entries(V2_DOCUMENT_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)]),
);

export function wireErrors(name: V2DocumentName, document: unknown): string[] {
  const validate = validators.get(name);
  if (!validate) throw new Error(`no schema for ${name}`);
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
