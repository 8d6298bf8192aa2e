/** One request the fuzzer sends: everything needed to replay it with curl. */
export type FuzzRequest = {
  readonly method: string;
  /** Path and query, exactly as written on the request line (malformed escapes included). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Uint8Array;
};

/** A request written for a report: the request line, its headers, and the body's size and first bytes. */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => ` -H '${name}: ${value}'`).join("");
  const body = request.body ? ` body ${request.body.length} bytes: ${Buffer.from(request.body.subarray(0, 48)).toString("hex")}${request.body.length > 48 ? "…" : ""}` : "";
  const path = request.path.length > 400 ? `${request.path.slice(0, 400)}… (${request.path.length} chars)` : request.path;
  return `${request.method} ${path}${headers}${body}`;
}
