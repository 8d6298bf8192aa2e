import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseJsonExact } from "@/lib/http/json";
import { referenceData, sharedPath } from "@/lib/testing/requirements";

/**
 * Test support: the request/response vectors of fees.md §12, read in place,
 * never copied into the repository. Suites using them need FEE_VECTORS; without
 * the file the lists are empty.
 */
const VECTORS_FILE = "reference/fee-vectors.json";
export const FEE_VECTORS = referenceData(VECTORS_FILE);

const httpVector = z.object({
  id: z.string(),
  request: z.object({
    query: z.string(),
    content_type: z.string(),
    body_hex: z.string().nullable(),
    state_fixtures: z.unknown(),
  }),
  expected: z.union([
    z.object({ status: z.literal(200n), json: z.unknown() }),
    z.object({ status: z.bigint(), invalid_parameter: z.string() }),
  ]),
});

const functionVector = z.object({
  id: z.string(),
  function: z.literal("high_volume_raw_multiplier"),
  input: z.object({ variable_rate_definition: z.unknown(), utilization_basis_points: z.bigint() }),
  expected: z.object({ raw_multiplier: z.bigint() }),
});

const vectors = FEE_VECTORS.met
  ? z.array(z.looseObject({ id: z.string() })).parse(parseJsonExact(readFileSync(sharedPath(VECTORS_FILE), "utf8")))
  : [];
export const httpVectors = vectors.filter((vector) => !("function" in vector)).map((vector) => httpVector.parse(vector));
export const functionVectors = vectors.filter((vector) => "function" in vector).map((vector) => functionVector.parse(vector));

export type HttpVector = z.infer<typeof httpVector>;

/**
 * The `detail` we answer for each error vector. The vectors name only the
 * parameter (fees.md §8 leaves the wording free), so ours is pinned here,
 * upstream's wording from §8's table; a missing or empty body says which.
 */
const ERROR_DETAILS: Readonly<Record<string, string>> = {
  "mirror.invalidTransaction": "Unable to parse transaction",
  "mirror.emptyTransaction": "Transaction must contain body bytes or signed transaction bytes",
  "mirror.unknownTransactionType": "Unknown transaction type",
  "mirror.http.nullBody": "Failed to read request: body is required",
  "mirror.http.emptyBody": "Failed to read request: body is empty",
  "mirror.http.invalidMode": "Failed to convert 'mode' from 'invalid'",
  "mirror.http.unsupportedMediaType": "Content-Type 'application/json' is not supported",
  "mirror.http.invalidHighVolumeThrottleTooLow": "highVolumeThrottle must be greater than or equal to 0",
  "mirror.http.invalidHighVolumeThrottleTooHigh": "highVolumeThrottle must be less than or equal to 10000",
  "mirror.http.invalidSignedTransaction": "Unable to parse transaction",
  // Both carry only the deprecated `Transaction.body`: no signedTransactionBytes nor bodyBytes (§8).
  "cn.standalone.testCreateTopic": "Transaction must contain body bytes or signed transaction bytes",
  "cn.standalone.testCreateTopicWithCustomFees": "Transaction must contain body bytes or signed transaction bytes",
};

/** Over HTTP an absent body arrives empty (`Content-Length: 0`), so the null-body vector gets the empty body's detail there. */
const HTTP_ERROR_DETAILS: Readonly<Record<string, string>> = {
  "mirror.http.nullBody": "Failed to read request: body is empty",
};

/**
 * The whole error body an error vector must get, `detail` included, handed
 * to the handler in process or sent over HTTP; throws for a vector without
 * a pinned detail.
 */
export function expectedErrorBody(vector: HttpVector, transport: "in-process" | "http" = "in-process"): unknown {
  if ("json" in vector.expected) throw new Error(`${vector.id} expects a 200 estimate, not an error`);
  const detail = (transport === "http" ? HTTP_ERROR_DETAILS[vector.id] : undefined) ?? ERROR_DETAILS[vector.id];
  if (detail === undefined) throw new Error(`no detail pinned for error vector ${vector.id} (lib/fees/testing/fee-vectors.ts)`);
  return { _status: { messages: [{ message: `Invalid parameter: ${vector.expected.invalid_parameter}`, detail, data: null }] } };
}
