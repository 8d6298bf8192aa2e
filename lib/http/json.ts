/**
 * The one JSON serializer for API responses. Ledger amounts and ids are int64:
 * a `bigint` is written as a bare JSON number with every digit, never rounded
 * through a double and never quoted. `undefined` members are omitted, like
 * JSON.stringify; key order is insertion order, which the wire formats rely on.
 */
export function stringifyJson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join("");
}

function write(value: unknown, out: string[]): void {
  switch (typeof value) {
    case "string":
      out.push(JSON.stringify(value));
      return;
    case "number":
      out.push(Number.isFinite(value) ? String(value) : "null");
      return;
    case "bigint":
      out.push(value.toString());
      return;
    case "boolean":
      out.push(value ? "true" : "false");
      return;
    case "object":
      if (value === null) {
        out.push("null");
      } else if (Array.isArray(value)) {
        writeArray(value, out);
      } else if (value instanceof Date) {
        out.push(JSON.stringify(value.toISOString()));
      } else {
        writeObject(value as Record<string, unknown>, out);
      }
      return;
    default:
      out.push("null");
  }
}

function writeArray(items: readonly unknown[], out: string[]): void {
  out.push("[");
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.push(",");
    const item = items[i];
    if (item === undefined || typeof item === "function") out.push("null");
    else write(item, out);
  }
  out.push("]");
}

function writeObject(object: Record<string, unknown>, out: string[]): void {
  out.push("{");
  let first = true;
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined || typeof member === "function") continue;
    if (!first) out.push(",");
    first = false;
    out.push(JSON.stringify(key), ":");
    write(member, out);
  }
  out.push("}");
}
