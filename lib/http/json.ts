/**
 * The one JSON serializer for API responses. Ledger amounts and ids are int64:
 * a `bigint` is written as a bare JSON number with every digit, never rounded
 * through a double and never quoted. `undefined` members are omitted, like
 * JSON.stringify; key order is insertion order, which the wire formats rely on.
 * Otherwise the text is JSON.stringify's, byte for byte.
 */
export function stringifyJson(value: unknown): string {
  return write(value);
}

// The characters JSON.stringify escapes in a string (lone surrogates among them; a pair is left as it is, so it goes to JSON.stringify too).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

// A page repeats the same member names in every row: each is quoted once per process (up to a bound, since names can come from data).
const MEMBER_NAMES = new Map<string, string>();
const MEMBER_NAMES_KEPT = 4096;

function memberName(key: string): string {
  let quoted = MEMBER_NAMES.get(key);
  if (quoted === undefined) {
    quoted = `${quote(key)}:`;
    if (MEMBER_NAMES.size < MEMBER_NAMES_KEPT) MEMBER_NAMES.set(key, quoted);
  }
  return quoted;
}

// Strings are built by concatenation: V8 joins them as ropes, cheaper than collecting parts in an array and joining them.
function write(value: unknown): string {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value === null) return "null";
      if (Array.isArray(value)) return writeArray(value);
      if (value instanceof Date) return quote(value.toISOString());
      return writeObject(value as Record<string, unknown>);
    default:
      return "null";
  }
}

function writeArray(items: readonly unknown[]): string {
  let out = "[";
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ",";
    const item = items[i];
    out += item === undefined || typeof item === "function" ? "null" : write(item);
  }
  return `${out}]`;
}

function writeObject(object: Record<string, unknown>): string {
  let out = "{";
  let first = true;
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined || typeof member === "function") continue;
    if (first) first = false;
    else out += ",";
    out += memberName(key) + write(member);
  }
  return `${out}}`;
}

/**
 * The reading counterpart for int64-exact JSON (upstream's expected bodies,
 * our own responses in tests): every integer literal becomes a `bigint`, so
 * `9223372036854775807` survives; numbers with a fraction or exponent stay
 * `number`. Strict RFC 8259; throws `SyntaxError` with the offset on bad input.
 */
export function parseJsonExact(text: string): unknown {
  const reader = new ExactJsonReader(text);
  reader.skipSpace();
  const value = reader.value();
  reader.skipSpace();
  if (!reader.atEnd()) reader.fail("unexpected text after the JSON value");
  return value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const STRING_CHUNK = /[^"\\\u0000-\u001f]*/y;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

class ExactJsonReader {
  private position = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.position >= this.text.length;
  }

  fail(reason: string): never {
    throw new SyntaxError(`Invalid JSON at offset ${this.position}: ${reason}`);
  }

  skipSpace(): void {
    while (" \t\n\r".includes(this.text[this.position] ?? "x")) this.position++;
  }

  value(): unknown {
    const char = this.text[this.position];
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    if (char === '"') return this.string();
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return this.number();
    for (const [literal, value] of [["true", true], ["false", false], ["null", null]] as const) {
      if (this.text.startsWith(literal, this.position)) {
        this.position += literal.length;
        return value;
      }
    }
    return this.fail("expected a value");
  }

  private object(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.position++;
    this.skipSpace();
    if (this.text[this.position] === "}") {
      this.position++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] !== '"') this.fail("expected a member name");
      const key = this.string();
      this.skipSpace();
      if (this.text[this.position] !== ":") this.fail("expected ':'");
      this.position++;
      this.skipSpace();
      Object.defineProperty(result, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const next = this.text[this.position++];
      if (next === "}") return result;
      if (next !== ",") this.fail("expected ',' or '}'");
    }
  }

  private array(): unknown[] {
    const result: unknown[] = [];
    this.position++;
    this.skipSpace();
    if (this.text[this.position] === "]") {
      this.position++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      result.push(this.value());
      this.skipSpace();
      const next = this.text[this.position++];
      if (next === "]") return result;
      if (next !== ",") this.fail("expected ',' or ']'");
    }
  }

  private string(): string {
    this.position++;
    let result = "";
    for (;;) {
      STRING_CHUNK.lastIndex = this.position;
      const chunk = STRING_CHUNK.exec(this.text)![0];
      result += chunk;
      this.position += chunk.length;
      const char = this.text[this.position++];
      if (char === '"') return result;
      if (char !== "\\") this.fail("unterminated string or control character");
      const escape = this.text[this.position++] ?? "";
      if (escape === "u") {
        const hex = this.text.slice(this.position, this.position + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("bad \\u escape");
        result += String.fromCharCode(parseInt(hex, 16));
        this.position += 4;
      } else if (escape in ESCAPES) {
        result += ESCAPES[escape];
      } else {
        this.fail("bad escape");
      }
    }
  }

  private number(): bigint | number {
    NUMBER.lastIndex = this.position;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail("bad number");
    this.position += match[0].length;
    return match[1] === undefined && match[2] === undefined ? BigInt(match[0]) : Number(match[0]);
  }
}
