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

  it("accepts only the canonical spelling of a sealed value", () => {
    // 12 + 46 + 16 = 74 bytes, not a multiple of 3: the last base64url character has spare low bits a lenient decoder ignores.
    const sealed = sealSession({ key: "sk_example_padded_to_33_bytes", expiresAt: 2_000 }, key);
    expect(Buffer.from(sealed, "base64url").length % 3).not.toBe(0);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(sealed.at(-1) ?? "");
    const sameBytes = sealed.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(sameBytes, "base64url")).toEqual(Buffer.from(sealed, "base64url"));
    expect(openSession(sealed, key, 1_000)).not.toBeNull();
    expect(openSession(sameBytes, key, 1_000)).toBeNull();
    expect(openSession(sealed + "!", key, 1_000)).toBeNull();
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
