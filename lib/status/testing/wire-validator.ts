import Ajv from "ajv";
import { z } from "zod";
import type { V2DocumentName } from "../documents";
import { STATUSPAGE_V2_WIRE } from "../wire";

/** Test-only: the v2 documents' JSON Schema (draft-07, from Statuspage's wire in wire.ts) and its validators. */
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map(
  Object.entries(STATUSPAGE_V2_WIRE.documents).map(([name, schema]) => [name, ajv.compile(z.toJSONSchema(schema, { target: "draft-07" }))]),
);

/** Ajv's error list for `document` (empty when valid). */
export function wireErrors(name: V2DocumentName, document: unknown): string[] {
  const validate = validators.get(name);
  if (!validate) throw new Error(`no schema for ${name}`);
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
