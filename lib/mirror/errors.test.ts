import { describe, expect, it } from "vitest";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "./config";
import { serveInProcess } from "@/lib/routes/in-process";

/** Rejected before any read: a database that fails every call shows none was made. */
const mirror = {
  sql: async () => {
    throw new Error("no database in this test");
  },
  config: DEFAULT_MIRROR_CONFIG,
  now: () => 1_700_000_000_000_000_000n,
};

async function errorEntries(url: string): Promise<unknown> {
  const response = await serveInProcess(mirror, new Request(`http://localhost${url}`));
  expect(response?.status).toBe(400);
  return (parseJsonExact(await response!.text()) as { _status: { messages: unknown[] } })._status.messages;
}

describe("rest-java error entries", () => {
  it("leave out null fields on /network/nodes, as its spec records", async () => {
    expect(await errorEntries("/api/v1/network/nodes?file.id=101&file.id=102")).toEqual([{ message: "Bad Request", detail: "Only a single instance is supported for file.id" }]);
    expect(await errorEntries("/api/v1/network/nodes?node.id=gt:5&node.id=lt:3")).toEqual([{ message: "Bad Request", detail: "Invalid range provided for node.id" }]);
  });

  it("keep `data: null` on the network endpoints whose specs record it", async () => {
    expect(await errorEntries("/api/v1/network/exchangerate?timestamp=ne:1")).toEqual([{ message: "Bad Request", detail: "Failed to convert 'timestamp'", data: null }]);
  });
});
