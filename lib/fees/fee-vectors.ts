import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseJsonExact } from "../http/json";

/** Test support: the request/response vectors of fees.md §12. */
/** fees.md §12; read in place, never copied into the repository. */
export const VECTORS_PATH = path.resolve(process.cwd(), "../shared/reference/fee-vectors.json");

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

const vectors = z.array(z.looseObject({ id: z.string() })).parse(parseJsonExact(readFileSync(VECTORS_PATH, "utf8")));
export const httpVectors = vectors.filter((vector) => !("function" in vector)).map((vector) => httpVector.parse(vector));
export const functionVectors = vectors.filter((vector) => "function" in vector).map((vector) => functionVector.parse(vector));


export type HttpVector = z.infer<typeof httpVector>;
