import { z } from "zod";
import { readBodyWithin } from "@/lib/http/body";
import { ApiError, invalidParameter } from "@/lib/http/errors";
import type { FeeMode } from "./usage";

/**
 * Largest body accepted (413 above). fees.md §2 requires at least 128 KiB;
 * the largest HAPI transaction (a jumbo EthereumTransaction) is about 130 KB.
 */
export const MAX_BODY_BYTES = 256 * 1024;

export type EstimateRequest = {
  readonly body: Uint8Array;
  readonly mode: FeeMode;
  readonly highVolumeThrottle: number;
};

const PROTOBUF_MEDIA_TYPES: ReadonlySet<string> = new Set(["application/protobuf", "application/x-protobuf"]);

const contentTypeSchema = z
  .string()
  .nullable()
  .refine((header) => header !== null && PROTOBUF_MEDIA_TYPES.has((header.split(";")[0] ?? "").trim().toLowerCase()), {
    error: (issue) => `Content-Type '${String(issue.input ?? "")}' is not supported`,
  });

const modeSchema = z
  .string()
  .nullable()
  .transform((value) => (value === null || value === "" ? "INTRINSIC" : value))
  .pipe(
    z
      .string()
      // ASCII-only case folding: `i` without `u` does not map e.g. U+017F to "S".
      .regex(/^(?:INTRINSIC|STATE)$/i, { error: (issue) => `Failed to convert 'mode' from '${String(issue.input)}'` })
      .transform((value) => value.toUpperCase() as FeeMode),
  );

const throttleFormatSchema = z
  .string()
  .nullable()
  .transform((value) => (value === null || value === "" ? "0" : value))
  .pipe(
    z.string().regex(/^[+-]?\d{1,10}$/, {
      error: (issue) => `Failed to convert 'high_volume_throttle' from '${String(issue.input)}'`,
    }),
  )
  .transform(Number);

const throttleRangeSchema = z
  .number()
  .min(0, { error: "highVolumeThrottle must be greater than or equal to 0" })
  .max(10_000, { error: "highVolumeThrottle must be less than or equal to 10000" });

/**
 * Validates an estimate request in fees.md §2 order — content type (415),
 * body presence and size (400/413), `mode`, `high_volume_throttle` — and
 * returns its parts. Unknown query parameters are ignored.
 */
export async function parseEstimateRequest(request: Request): Promise<EstimateRequest> {
  const contentType = contentTypeSchema.safeParse(request.headers.get("content-type"));
  if (!contentType.success) throw bodyError(415, firstIssue(contentType.error));

  const body = await readBody(request);

  const query = queryOf(request.url);
  return { body, ...(query === undefined ? NO_QUERY_OPTIONS : parseOptions(query)) };
}

type EstimateOptions = Omit<EstimateRequest, "body">;

function parseOptions(query: URLSearchParams): EstimateOptions {
  const mode = modeSchema.safeParse(query.get("mode"));
  if (!mode.success) throw invalidParameter("mode", firstIssue(mode.error));

  const throttleText = throttleFormatSchema.safeParse(query.get("high_volume_throttle"));
  if (!throttleText.success) throw invalidParameter("high_volume_throttle", firstIssue(throttleText.error));
  const throttle = throttleRangeSchema.safeParse(throttleText.data);
  if (!throttle.success) throw invalidParameter("high_volume_throttle", firstIssue(throttle.error));

  return { mode: mode.data, highVolumeThrottle: throttle.data };
}

/** What the schemas make of a request without a query (most of them): parsed once. */
const NO_QUERY_OPTIONS = parseOptions(new URLSearchParams());

/**
 * The query of an absolute URL (Request.url), undefined without one. Read
 * from the text: parsing the whole URL again for it costs more than the
 * rest of an estimate's parameters.
 */
function queryOf(url: string): URLSearchParams | undefined {
  const start = url.indexOf("?");
  if (start === -1) return undefined;
  const end = url.indexOf("#", start);
  return new URLSearchParams(end === -1 ? url.slice(start + 1) : url.slice(start + 1, end));
}

/** Reads the body without ever buffering more than the limit. */
async function readBody(request: Request): Promise<Uint8Array> {
  let body: Uint8Array | undefined;
  try {
    body = await readBodyWithin(request, MAX_BODY_BYTES);
  } catch {
    throw invalidParameter("body", "Failed to read request");
  }
  if (body === undefined) throw tooLarge();
  if (body.length === 0) throw invalidParameter("body", request.body === null ? "Failed to read request: body is required" : "Failed to read request: body is empty");
  return body;
}

function tooLarge(): ApiError {
  return bodyError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`);
}

/** 415 and 413 carry the same `Invalid parameter: body` message as the 400s. */
function bodyError(status: number, detail: string): ApiError {
  return new ApiError(status, [{ message: "Invalid parameter: body", detail, data: null }]);
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid value";
}
