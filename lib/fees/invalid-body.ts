import { invalidParameter, type ApiError } from "@/lib/http/errors";

/** Reasons a request body is refused (fees.md §8); upstream's wording where it has one. */
export const BODY_REJECTION = {
  unparsable: "Unable to parse transaction",
  noBodyBytes: "Transaction must contain body bytes or signed transaction bytes",
  unknownType: "Unknown transaction type",
} as const;

/** 400 `Invalid parameter: body`. */
export function invalidBody(detail: string): ApiError {
  return invalidParameter("body", detail);
}
