/**
 * How a response is judged against a spec case, as upstream's runner judges
 * it: the status, the body deep-equal (key order free, integers exact), and
 * the expected headers contained in the response.
 */

/** The first place where `actual` differs from `expected`, or undefined when they are equal. */
export function firstDifference(actual: unknown, expected: unknown, at = "$"): string | undefined {
  if (typeof actual !== typeof expected || Array.isArray(actual) !== Array.isArray(expected) || (actual === null) !== (expected === null)) {
    return `${at}: expected ${describe(expected)}, got ${describe(actual)}`;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return `${at}: expected ${expected.length} items, got ${actual.length}`;
    for (let i = 0; i < actual.length; i++) {
      const difference = firstDifference(actual[i], expected[i], `${at}[${i}]`);
      if (difference) return difference;
    }
    return undefined;
  }
  if (actual !== null && typeof actual === "object") {
    const actualRecord = actual as Record<string, unknown>;
    const expectedRecord = expected as Record<string, unknown>;
    for (const key of Object.keys(expectedRecord)) {
      if (!Object.hasOwn(actualRecord, key)) return `${at}.${key}: missing (expected ${describe(expectedRecord[key])})`;
      const difference = firstDifference(actualRecord[key], expectedRecord[key], `${at}.${key}`);
      if (difference) return difference;
    }
    const extra = Object.keys(actualRecord).find((key) => !Object.hasOwn(expectedRecord, key));
    return extra === undefined ? undefined : `${at}.${extra}: unexpected member ${describe(actualRecord[extra])}`;
  }
  return Object.is(actual, expected) ? undefined : `${at}: expected ${describe(expected)}, got ${describe(actual)}`;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value, (_key, member: unknown) => (typeof member === "bigint" ? `${member}n` : member))?.replace(/"(-?\d+n)"/g, "$1");
  return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Expected headers missing from or different in the response; content types compared as media types. */
export function headerDifferences(actual: Headers, expected: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const got = actual.get(name);
    const same = got !== null && (name === "content-type" ? mediaType(got) === mediaType(value) : got === value);
    if (!same) problems.push(`header ${name}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got)}`);
  }
  return problems;
}

/** `text/plain;charset=UTF-8` and `text/plain; charset=utf-8` are the same type (RFC 9110 §8.3.1). */
function mediaType(value: string): string {
  return value
    .split(";")
    .map((part) => part.trim().toLowerCase())
    .join(";");
}
