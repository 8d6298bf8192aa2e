import fc from "fast-check";
import { expect, it } from "vitest";
import { route } from "@/lib/http/handler";
import { forEachDatabase } from "@/lib/db/testing";
import { DEFAULT_MIRROR_CONFIG } from "./config";
import { MIRROR_ROUTES } from "./routes";

/** Whatever a client sends, the mirror endpoints answer it without a server error. */
const KEYS = ["account.id", "account.balance", "account.publickey", "balance", "file.id", "limit", "name", "node.id", "order", "publickey", "q", "spender.id", "timestamp", "token.id", "type", "x"];
const OPERATORS = ["", "eq:", "ne:", "lt:", "lte:", "gt:", "gte:", "EQ:", "foo:", "gt:lt:"];
const VALUES = fc.oneof(
  fc.string(),
  fc.constantFrom("0.0.2", "-1", "9223372036854775808", "1.2.3", "0x00000000000000000000000000000000000003e9", "KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ", "1700000000.000000001", "asc", "DESC", "%"),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);
const QUERY = fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...OPERATORS), VALUES), { maxLength: 6 });
const PATH_VALUE = fc.oneof(fc.constantFrom("0.0.2", "abc", "0x00000000000000000000000000000000000003e9", "-92233720368547758080", "0.0.KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ"), fc.string({ minLength: 1 }));

forEachDatabase((getDb) => {
  it.each(MIRROR_ROUTES.map((mirrorRoute) => [mirrorRoute.path, mirrorRoute] as const))("%s never answers bad input with a 5xx", async (_path, mirrorRoute) => {
    const handler = route(mirrorRoute.create({ sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => 1_700_000_000_000_000_000n }));
    await fc.assert(
      fc.asyncProperty(QUERY, PATH_VALUE, async (entries, pathValue) => {
        const search = new URLSearchParams(entries.map(([key, op, value]) => [key, `${op}${value}`]));
        const path = mirrorRoute.path.replace(/\{\w+\}/g, encodeURIComponent(pathValue));
        const params = Object.fromEntries([...mirrorRoute.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, pathValue]));
        const response = await handler(new Request(`http://localhost${path}?${search}`), { params: Promise.resolve(params) });
        expect(response.status, `${path}?${search}: ${await response.text()}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
