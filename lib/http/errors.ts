/**
 * Errors are thrown by domain code and mapped to a response once, in the
 * handler wrapper. The wire body is the mirror node's envelope,
 * `{"_status":{"messages":[…]}}`; an entry carries `detail` and `data` only
 * when the thrower gave them (the upstream JS endpoints send `message` alone,
 * its Java endpoints and the fee estimator send all three).
 */
export type ErrorMessage = {
  message: string;
  detail?: string | null;
  data?: string | null;
};

/**
 * Marks every ApiError by a registered symbol. The app server loads lib/ once
 * and Next's bundle loads it again, and process-wide caches on globalThis
 * (the status views, say) throw whichever copy created them: `instanceof`
 * must recognise an ApiError of any copy, or a 404 turns into a 500.
 */
const API_ERROR = Symbol.for("ledger-status.ApiError");

export class ApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && API_ERROR in value;
  }

  readonly [API_ERROR] = true;
  readonly status: number;
  readonly messages: readonly ErrorMessage[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, messages: readonly ErrorMessage[], headers: Record<string, string> = {}) {
    super(messages.map((entry) => entry.message).join("; "));
    this.name = "ApiError";
    this.status = status;
    this.messages = messages;
    this.headers = headers;
  }
}

/** `Invalid parameter: <name>` (400), optionally with the reason in `detail`. */
export function invalidParameter(name: string, detail?: string): ApiError {
  const message = `Invalid parameter: ${name}`;
  return new ApiError(400, [detail === undefined ? { message } : { message, detail, data: null }]);
}

export function badRequest(message: string, detail?: string | null): ApiError {
  return new ApiError(400, [detail === undefined ? { message } : { message, detail, data: null }]);
}

export function notFound(message = "Not found"): ApiError {
  return new ApiError(404, [{ message }]);
}

/** A known path asked with a method it does not answer; `Allow` lists the ones it does. */
export function methodNotAllowed(method: string, allow: readonly string[]): ApiError {
  return new ApiError(405, [{ message: "Method Not Allowed", detail: `Request method '${method}' is not supported`, data: null }], {
    allow: allow.join(", "),
  });
}

/** A URL path whose percent-escapes do not decode, naming the path parameter it breaks when known. */
export function malformedPath(param?: string): ApiError {
  return param === undefined ? badRequest("Malformed URL path") : invalidParameter(param);
}

/** How a face writes its errors' body. */
export type ErrorBodyShape = (messages: readonly ErrorMessage[]) => unknown;

export function errorBody(messages: readonly ErrorMessage[]): { _status: { messages: ErrorMessage[] } } {
  return { _status: { messages: messages.map((entry) => ({ ...entry })) } };
}

/** Statuspage's manage-API error body, one string its clients read from `error`: each message with its reason. */
export function statuspageErrorBody(messages: readonly ErrorMessage[]): { error: string } {
  return { error: messages.map((entry) => (entry.detail ? `${entry.message}: ${entry.detail}` : entry.message)).join("; ") };
}
