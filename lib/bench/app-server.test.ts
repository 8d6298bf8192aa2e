import { describe, expect, it } from "vitest";
import { benchServerEnv } from "./app-server";

describe("benchServerEnv", () => {
  it("leaves request logging at its default: a LOG_LEVEL of the calling shell is not passed on", () => {
    const env = benchServerEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PATH: "/bin" }, { DATABASE_URL: "postgresql://db" });
    expect(env).toEqual({ NODE_ENV: "production", PATH: "/bin", DATABASE_URL: "postgresql://db" });
  });

  it("keeps a LOG_LEVEL the bench sets on purpose", () => {
    expect(benchServerEnv({ NODE_ENV: "production" }, { LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
  });
});
