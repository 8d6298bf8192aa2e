/**
 * The headers of a response built here (lib/http/response.ts), with the
 * Headers API and its rules (names are tokens, compared in lower case;
 * values trimmed of HTTP whitespace, free of NUL, CR and LF, and bytes; appended
 * values joined by ", "; Set-Cookie kept one by one; iteration in name
 * order) over a plain Map. undici's Headers validates through WebIDL
 * converters, keeps a sorted copy for iteration and brand-checks every
 * call: on a small JSON answer that cost more than the answer's own work.
 * The app server reads the fields straight from here (`nodeHeaders`).
 * `instanceof Headers` holds.
 */
export class ResponseHeaders {
  readonly #fields = new Map<string, string>();
  #cookies: string[] = [];

  constructor(init?: HeadersInit) {
    if (init === undefined) return;
    if (init instanceof ResponseHeaders) {
      for (const [name, value] of init.#fields) this.#fields.set(name, value);
      this.#cookies = [...init.#cookies];
    } else if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly string[]>) {
        if (pair.length !== 2) throw new TypeError("Headers constructor: expected name/value pair to be length 2");
        this.append(pair[0]!, pair[1]!);
      }
    } else {
      for (const name of Object.keys(init)) this.append(name, (init as Record<string, string>)[name]!);
    }
  }

  append(name: string, value: string): void {
    const key = fieldName(name);
    const text = fieldValue(value, name);
    if (key === "set-cookie") this.#cookies.push(text);
    const previous = this.#fields.get(key);
    this.#fields.set(key, previous === undefined ? text : `${previous}, ${text}`);
  }

  set(name: string, value: string): void {
    const key = fieldName(name);
    const text = fieldValue(value, name);
    if (key === "set-cookie") this.#cookies = [text];
    this.#fields.set(key, text);
  }

  get(name: string): string | null {
    return this.#fields.get(fieldName(name)) ?? null;
  }

  has(name: string): boolean {
    return this.#fields.has(fieldName(name));
  }

  delete(name: string): void {
    const key = fieldName(name);
    if (key === "set-cookie") this.#cookies = [];
    this.#fields.delete(key);
  }

  getSetCookie(): string[] {
    return [...this.#cookies];
  }

  /** Name order, each Set-Cookie on its own, as Headers iterates. */
  *entries(): HeadersIterator<[string, string]> {
    for (const name of [...this.#fields.keys()].sort()) {
      if (name === "set-cookie") for (const cookie of this.#cookies) yield [name, cookie];
      else yield [name, this.#fields.get(name)!];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this as unknown as Headers);
  }

  /** The fields as Node's `writeHead` takes them: lower-case names, Set-Cookie as its list. */
  nodeHeaders(): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of this.#fields) headers[name] = name === "set-cookie" ? [...this.#cookies] : value;
    return headers;
  }
}

Object.setPrototypeOf(ResponseHeaders.prototype, Headers.prototype);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// NUL, CR and LF are refused in a value; so is any character a byte cannot hold (WebIDL's ByteString).
const FORBIDDEN_IN_VALUE = /[\0\r\n\u0100-\uffff]/;

function fieldName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}

function fieldValue(value: string, name: string): string {
  const text = trimHttpWhitespace(String(value));
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError(`Headers: invalid value for header "${name}"`);
  return text;
}

/** A header value without its leading and trailing HTTP whitespace, as Headers keeps it (Node's parser leaves what it does not strip itself). */
export function trimHttpWhitespace(value: string): string {
  return /^[\t\n\r ]|[\t\n\r ]$/.test(value) ? value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "") : value;
}
