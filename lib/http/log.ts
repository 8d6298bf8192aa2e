/** Structured logs: one JSON object per line on stdout (stderr for errors). */
export type LogFields = Record<string, unknown>;

type Level = "info" | "warn" | "error";

function emit(level: Level, message: string, fields: LogFields): void {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = `${serialize({ time: isoNow(), level, msg: message, ...fields })}\n`;
  if (level === "error") process.stderr.write(line);
  else queue(line);
}

/** JSON.stringify of the entry, bigints as their digits; the replacer runs only for an entry that holds one. */
function serialize(entry: LogFields): string {
  try {
    return JSON.stringify(entry);
  } catch {
    return JSON.stringify(entry, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  }
}

/** What one answered request logs (the line every API request writes). */
export type RequestLine = {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
};

/**
 * The request line, written as `emit` would write it but without the entry
 * object: it runs once per request, where spreading fields of many shapes
 * and stringifying the result cost more than the rest of a small answer.
 */
function emitRequest(entry: RequestLine): void {
  if (process.env.LOG_LEVEL === "silent") return;
  queue(
    `{"time":"${isoNow()}","level":"info","msg":"request","requestId":${JSON.stringify(entry.requestId)},"method":${JSON.stringify(entry.method)},"path":${JSON.stringify(entry.path)},"status":${entry.status},"durationMs":${entry.durationMs}}\n`,
  );
}

let isoMillisecond = Number.NaN;
let isoText = "";

/**
 * The time as an ISO 8601 text, made once per millisecond: under load many
 * lines share one, and `new Date()` is not cheap once Next has wrapped it
 * (a check for prerendering on every call).
 */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMillisecond) {
    isoMillisecond = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

/**
 * Lines for stdout, written together every FLUSH_AFTER_MS (or at once past
 * FLUSH_AT_CHARS): a write to a file is a system call on the event loop,
 * which costs more than a small answer's own work, so one write carries the
 * lines of every request answered in that window. Flushed on exit; errors
 * go to stderr at once. A `kill -9` loses at most the window's lines.
 */
const FLUSH_AFTER_MS = 50;
const FLUSH_AT_CHARS = 64 * 1024;

let pending = "";
let flushTimer: NodeJS.Timeout | undefined;

function queue(line: string): void {
  pending += line;
  if (pending.length >= FLUSH_AT_CHARS) flush();
  else flushTimer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
}

function flush(): void {
  if (flushTimer !== undefined) clearTimeout(flushTimer);
  flushTimer = undefined;
  if (pending === "") return;
  const lines = pending;
  pending = "";
  process.stdout.write(lines);
}

process.on("exit", flush);

export const log = {
  info: (message: string, fields: LogFields = {}) => emit("info", message, fields),
  warn: (message: string, fields: LogFields = {}) => emit("warn", message, fields),
  error: (message: string, fields: LogFields = {}) => emit("error", message, fields),
  request: emitRequest,
  /** Writes the lines still waiting (tests, and a caller about to read its own log). */
  flush,
};
