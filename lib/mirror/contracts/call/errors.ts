import { ApiError } from "@/lib/http/errors";

/**
 * Errors of `POST /contracts/call` in upstream web3's envelope
 * (`GenericErrorResponse`): every entry carries `message`, `detail` and
 * `data`, the last two `""` when absent, never null.
 */
export function web3Error(status: number, message: string, detail = "", data = ""): ApiError {
  return new ApiError(status, [{ message, detail, data }]);
}

/** Spring's reason phrases for the statuses this endpoint answers itself. */
export const badRequest = (detail: string): ApiError => web3Error(400, "Bad Request", detail);

/** One `Bad Request` entry per failed field (`handleMethodArgumentNotValid`). */
export function fieldErrors(details: readonly string[]): ApiError {
  return new ApiError(
    400,
    details.map((detail) => ({ message: "Bad Request", detail, data: "" })),
  );
}

export const tooManyRequests = (detail: string): ApiError => web3Error(429, "Too Many Requests", detail);

/** Details of 5xx are blanked upstream (`handleExceptionInternal`), so nothing internal leaks. */
export const serviceUnavailable = (): ApiError => web3Error(503, "Service Unavailable");

/** A system contract function we do not serve yet: upstream's `PrecompileNotSupportedException` body. */
export const notImplemented = (): ApiError => web3Error(501, "Not Implemented");

/** Statuses upstream answers 500 with blanked detail and data (`SERVER_RESPONSE_CODES`). */
const SERVER_STATUSES: ReadonlySet<string> = new Set([
  "FAIL_INVALID",
  "FAIL_FEE",
  "FAIL_BALANCE",
  "PLATFORM_NOT_ACTIVE",
  "PLATFORM_TRANSACTION_NOT_CREATED",
  "UNKNOWN",
  "WAITING_FOR_LEDGER_ID",
]);

/** A failed execution (`MirrorEvmTransactionException`): the HAPI status name, the decoded reason, the revert bytes. */
export function executionFailure(status: string, detail = "", data = "0x"): ApiError {
  return SERVER_STATUSES.has(status) ? web3Error(500, status) : web3Error(400, status, detail, data);
}
