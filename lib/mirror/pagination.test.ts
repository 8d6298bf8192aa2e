import { describe, expect, it } from "vitest";
import { formatEntityId, parseEntityId } from "./entity-id";
import { javaNextLink, jsNextLink, linkHeader, type KeysetColumn } from "./pagination";
import { RequestQuery } from "./query";

const query = (search: string) => RequestQuery.fromUrl(new URL(`http://host/api/v1/x?${search}`));
const accountColumn = (last: bigint): KeysetColumn => ({ key: "account.id", last, format: formatEntityId, parse: (text) => parseEntityId(text) });
const nodeColumn = (last: bigint): KeysetColumn => ({ key: "node.id", last, format: String, parse: (text) => (/^\d+$/.test(text) ? BigInt(text) : undefined) });

describe("jsNextLink", () => {
  it("reproduces mirror-api.md's example", () => {
    expect(jsNextLink("/api/v1/accounts", query("account.id=gte:0.0.18&account.id=lt:0.0.21&limit=2"), "asc", [accountColumn(19n)])).toBe(
      "/api/v1/accounts?account.id=lt:0.0.21&account.id=gt:0.0.19&limit=2",
    );
  });

  it("moves a lone same-direction bound to the end, as upstream's delete-and-add does", () => {
    expect(jsNextLink("/api/v1/accounts", query("account.id=lt:0.0.30&limit=2"), "desc", [accountColumn(25n)])).toBe(
      "/api/v1/accounts?limit=2&account.id=lt:0.0.25",
    );
    expect(jsNextLink("/api/v1/accounts", query("limit=2"), "asc", [accountColumn(25n)])).toBe("/api/v1/accounts?limit=2&account.id=gt:0.0.25");
  });

  it("keeps an opposite bound and adds the new one after it", () => {
    expect(jsNextLink("/api/v1/accounts", query("account.id=lt:0.0.30&limit=2"), "asc", [accountColumn(25n)])).toBe(
      "/api/v1/accounts?account.id=lt:0.0.30&account.id=gt:0.0.25&limit=2",
    );
  });

  it("adds no bound to a key filtered by equality", () => {
    expect(jsNextLink("/api/v1/accounts", query("account.id=0.0.5&limit=1"), "asc", [accountColumn(5n)])).toBe("/api/v1/accounts?account.id=0.0.5&limit=1");
  });

  it("is null when the next range is empty", () => {
    expect(jsNextLink("/api/v1/accounts", query("account.id=lt:0.0.26&limit=2"), "asc", [accountColumn(25n)])).toBeNull();
  });

  it("uses an inclusive bound for the leading column of a multi-column key", () => {
    const token: KeysetColumn = { key: "token.id", last: 1500n, format: formatEntityId, parse: (text) => parseEntityId(text), inclusive: true };
    const serial: KeysetColumn = { key: "serialnumber", last: 3n, format: String, parse: (text) => BigInt(text) };
    expect(jsNextLink("/api/v1/accounts/0.0.1001/nfts", query("limit=2"), "desc", [token, serial])).toBe(
      "/api/v1/accounts/0.0.1001/nfts?limit=2&token.id=lte:0.0.1500&serialnumber=lt:3",
    );
  });
});

describe("javaNextLink", () => {
  it("matches the removed network/nodes specs", () => {
    expect(javaNextLink("/api/v1/network/nodes", query("node.id=gt:2&limit=2"), "asc", [nodeColumn(4n)])).toBe("/api/v1/network/nodes?limit=2&node.id=gt:4");
    expect(javaNextLink("/api/v1/network/nodes", query("limit=26"), "asc", [nodeColumn(24n)])).toBe("/api/v1/network/nodes?limit=26&node.id=gt:24");
    expect(javaNextLink("/api/v1/network/nodes", query("file.id=102&node.id=0&limit=1&order=desc"), "desc", [nodeColumn(0n)])).toBe(
      "/api/v1/network/nodes?file.id=102&node.id=0&limit=1&order=desc",
    );
    expect(javaNextLink("/api/v1/network/nodes", query("node.id=gt:4&limit=2&order=desc"), "desc", [nodeColumn(5n)])).toBeNull();
  });

  it("keeps each key's values together and adds a new bound to its key's group", () => {
    const token = (last: bigint): KeysetColumn => ({ key: "token.id", last, format: formatEntityId, parse: (text) => parseEntityId(text) });
    expect(javaNextLink("/a", query("account.id=gte:0.0.1&owner=true&account.id=lt:0.0.9&limit=2"), "asc", [accountColumn(5n), token(7n)])).toBe(
      "/a?account.id=lt:0.0.9&account.id=gte:0.0.5&owner=true&limit=2&token.id=gt:0.0.7",
    );
    expect(javaNextLink("/a", query("limit=1&token.id=0.0.7&account.id=GTE:0.0.1"), "asc", [accountColumn(5n), token(7n)])).toBe(
      "/a?limit=1&token.id=0.0.7&account.id=gt:0.0.5",
    );
  });

  it("drops the same-direction bounds of a paged key that gets no new bound", () => {
    const serial: KeysetColumn = { key: "serialnumber", last: 3n, format: String, parse: (text) => BigInt(text) };
    expect(javaNextLink("/a", query("serialnumber=lt:9&serialnumber=gt:1&limit=1"), "asc", [accountColumn(5n)], ["serialnumber"])).toBe(
      "/a?serialnumber=lt:9&limit=1&account.id=gt:0.0.5",
    );
    expect(javaNextLink("/a", query("limit=1"), "desc", [accountColumn(5n), serial])).toBe("/a?limit=1&account.id=lte:0.0.5&serialnumber=lt:3");
  });
});

describe("linkHeader", () => {
  it("repeats the next link, or is absent", () => {
    expect(linkHeader("/api/v1/x?limit=2")).toEqual({ link: '</api/v1/x?limit=2>; rel="next"' });
    expect(linkHeader(null)).toEqual({});
  });
});
