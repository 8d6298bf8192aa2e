/**
 * What the fuzzer holds every answer to: no server error (unless the
 * endpoint documents that status), and every error answered in the API's
 * envelope `{"_status":{"messages":[{"message":"…"}]}}`.
 */
export type Verdict = "ok" | "server-error" | "non-envelope";

export function judge(status: number, body: string, allowedServerErrors: ReadonlySet<number> = new Set()): Verdict {
  if (status >= 500 && !allowedServerErrors.has(status)) return "server-error";
  if (status >= 400 && !isErrorEnvelope(body)) return "non-envelope";
  return "ok";
}

export function isErrorEnvelope(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const messages = (parsed as { _status?: { messages?: unknown } } | null)?._status?.messages;
  return (
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((entry: unknown) => typeof entry === "object" && entry !== null && typeof (entry as { message?: unknown }).message === "string")
  );
}
