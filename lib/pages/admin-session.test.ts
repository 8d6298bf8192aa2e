import { describe, expect, it } from "vitest";
import { isSameOrigin, openSession, sealSession, sessionKeyFromEnv } from "./admin-session";

const key = sessionKeyFromEnv({ ADMIN_SESSION_SECRET: "test secret" });
const session = { key: "sk_example", expiresAt: 2_000 };

describe("admin session cookie", () => {
  it("round-trips and hides the API key", () => {
    const sealed = sealSession(session, key);
    expect(sealed).not.toContain("sk_example");
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("sk_example");
    expect(openSession(sealed, key, 1_000)).toEqual(session);
  });

  it("uses a fresh IV each time", () => {
    expect(sealSession(session, key)).not.toBe(sealSession(session, key));
  });

  it("refuses expired, tampered, foreign and malformed values", () => {
    const sealed = sealSession(session, key);
    expect(openSession(sealed, key, 2_000)).toBeNull();
    const bytes = Buffer.from(sealed, "base64url");
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(openSession(bytes.toString("base64url"), key, 1_000)).toBeNull();
    expect(openSession(sealed, sessionKeyFromEnv({ ADMIN_SESSION_SECRET: "other" }), 1_000)).toBeNull();
    expect(openSession("", key, 1_000)).toBeNull();
    expect(openSession(undefined, key, 1_000)).toBeNull();
    expect(openSession("not base64 at all!", key, 1_000)).toBeNull();
  });

  it("derives the key from ADMIN_API_KEY when no session secret is set", () => {
    expect(sessionKeyFromEnv({ ADMIN_API_KEY: "a" })).toEqual(sessionKeyFromEnv({ ADMIN_API_KEY: "a" }));
    expect(sessionKeyFromEnv({ ADMIN_API_KEY: "a" })).not.toEqual(sessionKeyFromEnv({ ADMIN_API_KEY: "b" }));
    expect(sessionKeyFromEnv({})).toEqual(sessionKeyFromEnv({}));
  });

  it.each([
    ["http://localhost:3000", "localhost:3000", true],
    ["https://status.example.com", "status.example.com", true],
    ["https://evil.example", "status.example.com", false],
    ["http://localhost:3001", "localhost:3000", false],
    [null, "localhost:3000", false],
    ["null", "localhost:3000", false],
  ])("origin %j for host %j is same-origin: %s", (origin, host, expected) => {
    expect(isSameOrigin(origin, host)).toBe(expected);
  });
});
