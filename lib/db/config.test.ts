import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_POOL_SIZE, databaseTargetFromEnv, describeTarget, poolSizeFromEnv } from "./config";

describe("databaseTargetFromEnv", () => {
  it("defaults to embedded PGlite under ./.data", () => {
    expect(databaseTargetFromEnv({})).toEqual({ kind: "pglite", dataDir: path.resolve(".data", "pglite") });
  });

  it("honours DATA_DIR and treats an empty DATABASE_URL as unset", () => {
    expect(databaseTargetFromEnv({ DATA_DIR: "/tmp/x", DATABASE_URL: "" })).toEqual({ kind: "pglite", dataDir: "/tmp/x/pglite" });
  });

  it("selects PostgreSQL for a postgres URL and describes it without credentials", () => {
    const target = databaseTargetFromEnv({ DATABASE_URL: "postgresql://user:pw@db.internal:6543/mirror" });
    expect(target).toEqual({ kind: "postgres", url: "postgresql://user:pw@db.internal:6543/mirror" });
    expect(describeTarget(target)).toBe("PostgreSQL at db.internal:6543/mirror");
  });

  it("rejects a URL of another database with the variable's name", () => {
    expect(() => databaseTargetFromEnv({ DATABASE_URL: "mysql://x/y" })).toThrow(/Invalid environment variable DATABASE_URL/);
  });
});

describe("poolSizeFromEnv", () => {
  it("reads DATABASE_POOL_SIZE, an empty or absent value giving the default", () => {
    expect(poolSizeFromEnv({ DATABASE_POOL_SIZE: "32" })).toBe(32);
    expect(poolSizeFromEnv({ DATABASE_POOL_SIZE: " 4 " })).toBe(4);
    expect(poolSizeFromEnv({ DATABASE_POOL_SIZE: "" })).toBe(DEFAULT_POOL_SIZE);
    expect(poolSizeFromEnv({})).toBe(DEFAULT_POOL_SIZE);
  });

  it.each(["0", "-3", "2.5", "ten", "10000"])("rejects %j with the variable's name and the allowed values", (value) => {
    expect(() => poolSizeFromEnv({ DATABASE_POOL_SIZE: value })).toThrow("Invalid environment variable DATABASE_POOL_SIZE: must be a whole number from 1 to 9999");
  });
});
