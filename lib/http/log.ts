/** Structured logs: one JSON object per line on stdout (stderr for errors). */
export type LogFields = Record<string, unknown>;

function emit(level: "info" | "warn" | "error", message: string, fields: LogFields): void {
  if (process.env.LOG_LEVEL === "silent") return;
  const entry = { time: new Date().toISOString(), level, msg: message, ...fields };
  const line = `${serialize(entry)}\n`;
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

/**
 * Lines for stdout, written once per turn of the event loop: under load one
 * write carries the log lines of every request answered in that turn,
 * instead of one write (a system call, for a file) per line. Flushed on
 * exit; errors go to stderr at once.
 */
let pending = "";

function queue(line: string): void {
  if (pending === "") setImmediate(flush);
  pending += line;
}

function flush(): void {
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
};
