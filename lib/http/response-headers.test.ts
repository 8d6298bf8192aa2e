import { describe, expect, it } from "vitest";
import { ResponseHeaders } from "./response-headers";

type Operation = ["append" | "set", string, string] | ["delete", string];

const NAMES = ["Content-Type", "content-type", "Set-Cookie", "set-cookie", "X-A", "vary", "ETag", "bad name", "", "é", "a:b"];
const VALUES = ["text/html", " padded\t", "a, b", "", "x\ny", "nul\0", "caf\u00e9", "snow\u2603", "k=v; Path=/", "\r\n"];

/** What a Headers-like object shows: every read, or the error a call threw. */
function observe(headers: Headers): unknown {
  return {
    entries: [...headers],
    keys: [...headers.keys()],
    values: [...headers.values()],
    forEach: (() => {
      const seen: string[][] = [];
      headers.forEach((value, name) => seen.push([name, value]));
      return seen;
    })(),
    cookies: headers.getSetCookie(),
    get: NAMES.map((name) => attempt(() => headers.get(name))),
    has: NAMES.map((name) => attempt(() => headers.has(name))),
  };
}

function attempt<T>(call: () => T): T | string {
  try {
    return call();
  } catch (error) {
    return `${(error as Error).name}`;
  }
}

function apply(headers: Headers, operation: Operation): string | undefined {
  return attempt(() => {
    if (operation[0] === "delete") headers.delete(operation[1]);
    else headers[operation[0]](operation[1], operation[2]);
    return undefined;
  });
}

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("ResponseHeaders", () => {
  it("answers as Headers does after every operation of random sequences", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
      const ours = new ResponseHeaders() as unknown as Headers;
      const real = new Headers();
      for (let step = 0; step < 12; step++) {
        const kind = pick(["append", "append", "set", "delete"] as const);
        const operation: Operation = kind === "delete" ? [kind, pick(NAMES)] : [kind, pick(NAMES), pick(VALUES)];
        expect(apply(ours, operation), `seed ${seed} step ${step}`).toEqual(apply(real, operation));
        expect(observe(ours), `seed ${seed} step ${step} ${JSON.stringify(operation)}`).toEqual(observe(real));
      }
    }
  });

  it("takes each form of HeadersInit, and passes for Headers", () => {
    const pairs: [string, string][] = [
      ["Set-Cookie", "a=1"],
      ["X-B", "2"],
      ["set-cookie", "b=2"],
    ];
    for (const init of [pairs, { "X-B": "2", "Content-Type": "text/plain" }, new Headers(pairs), new ResponseHeaders(pairs) as unknown as Headers]) {
      expect(observe(new ResponseHeaders(init) as unknown as Headers)).toEqual(observe(new Headers(init)));
    }
    expect(() => new ResponseHeaders([["a", "b", "c"]] as unknown as [string, string][])).toThrow(TypeError);
    expect(new ResponseHeaders()).toBeInstanceOf(Headers);
    expect(observe(new Headers(new ResponseHeaders(pairs) as unknown as Headers))).toEqual(observe(new Headers(pairs)));
  });

  it("gives Node the fields in lower case, Set-Cookie as its list", () => {
    const headers = new ResponseHeaders([
      ["Content-Type", "text/plain"],
      ["Set-Cookie", "a=1"],
      ["Vary", "Origin"],
      ["vary", "Accept"],
      ["set-cookie", "b=2"],
    ]);
    expect(headers.nodeHeaders()).toEqual({ "content-type": "text/plain", "set-cookie": ["a=1", "b=2"], vary: "Origin, Accept" });
  });
});
