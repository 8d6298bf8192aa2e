import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { parseJsonExact } from "@/lib/http/json";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { serveInProcess } from "@/lib/routes/in-process";

type Page = { registered_nodes: Array<{ registered_node_id: number; service_endpoints: Array<{ type: string }> }>; links: { next: string | null } };

const KEY = "1220" + "ab".repeat(32);
const ENDPOINTS = {
  block: [{ block_node: { endpoint_apis: ["STATUS"] }, domain_name: "block.example.net", port: 40840, requires_tls: true }],
  mirror: [{ mirror_node: {}, ip_address: "10.0.0.7", port: 443, requires_tls: false }],
  relay: [{ rpc_relay: {}, domain_name: "relay.example.net", port: 443, requires_tls: true }],
  general: [{ general_service: { description: "archive" }, domain_name: "archive.example.net", port: 8443, requires_tls: true }],
};

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => 0n };

  async function get(path: string): Promise<{ status: number; body: unknown }> {
    const response = await serveInProcess(mirror, new Request(`http://localhost${path}`));
    if (!response) throw new Error(`no route for ${path}`);
    return { status: response.status, body: parseJsonExact(await response.text()) };
  }
  const page = async (path: string) => {
    const { status, body } = await get(path);
    expect(status, path).toBe(200);
    return body as Page;
  };
  const ids = (body: Page) => body.registered_nodes.map((node) => Number(node.registered_node_id));

  beforeAll(async () => {
    const rows: Array<[number, keyof typeof ENDPOINTS, number[], boolean]> = [
      [1, "block", [1], false],
      [2, "mirror", [3], false],
      [3, "relay", [4], false],
      [4, "general", [2], false],
      [5, "block", [1], true],
      [6, "block", [1], false],
    ];
    for (const [id, kind, type, deleted] of rows) {
      await getDb().sql.query(
        `INSERT INTO registered_node (admin_key, created_timestamp, deleted, description, registered_node_id, service_endpoints, timestamp_range, type)
         VALUES (decode($1, 'hex'), $2, $3, $4, $5, $6::jsonb, int8range($2, NULL), $7::smallint[])`,
        [KEY, 1_700_000_000_000_000_000n + BigInt(id), deleted, `node ${id}`, id, JSON.stringify(ENDPOINTS[kind]), `{${type.join(",")}}`],
      );
    }
  });

  it("lists the registered nodes that are not deleted, by id, as upstream renders them", async () => {
    const body = await page("/api/v1/network/registered-nodes");
    expect(ids(body)).toEqual([1, 2, 3, 4, 6]);
    expect(body.links.next).toBeNull();
    expect(body.registered_nodes[0]).toEqual({
      admin_key: { _type: "ED25519", key: "ab".repeat(32) },
      created_timestamp: "1700000000.000000001",
      description: "node 1",
      registered_node_id: 1n,
      service_endpoints: [
        { block_node: {}, domain_name: "block.example.net", general_service: null, ip_address: null, mirror_node: null, port: 40840n, requires_tls: true, rpc_relay: null, type: "BLOCK_NODE" },
      ],
      timestamp: { from: "1700000000.000000001", to: null },
    });
    expect(body.registered_nodes.map((node) => node.service_endpoints[0]!.type)).toEqual(["BLOCK_NODE", "MIRROR_NODE", "RPC_RELAY", "GENERAL_SERVICE", "BLOCK_NODE"]);
  });

  it("pages by id: following links.next lists every node once, in either order", async () => {
    for (const [order, expected] of [["asc", [1, 2, 3, 4, 6]], ["desc", [6, 4, 3, 2, 1]]] as const) {
      const seen: number[] = [];
      let next: string | null = `/api/v1/network/registered-nodes?limit=2&order=${order}`;
      while (next) {
        const body = await page(next);
        seen.push(...ids(body));
        next = body.links.next;
      }
      expect(seen).toEqual(expected);
    }
    expect((await page("/api/v1/network/registered-nodes?limit=2")).links.next).toBe("/api/v1/network/registered-nodes?limit=2&registerednode.id=gt:2");
  });

  it("filters by id range, by one id and by endpoint type", async () => {
    expect(ids(await page("/api/v1/network/registered-nodes?registerednode.id=gte:2&registerednode.id=lt:6"))).toEqual([2, 3, 4]);
    expect(ids(await page("/api/v1/network/registered-nodes?registerednode.id=3"))).toEqual([3]);
    expect(ids(await page("/api/v1/network/registered-nodes?registerednode.id=eq:5"))).toEqual([]);
    expect(ids(await page("/api/v1/network/registered-nodes?type=BLOCK_NODE"))).toEqual([1, 6]);
    expect(ids(await page("/api/v1/network/registered-nodes?type=MIRROR_NODE&order=desc"))).toEqual([2]);
    const single = await page("/api/v1/network/registered-nodes?registerednode.id=eq:1&limit=1");
    expect([ids(single), single.links.next]).toEqual([[1], null]);
  });

  describe("rejects bad parameters with 400", () => {
    it.each([
      ["type=SOMETHING", "Failed to convert 'type'"],
      ["registerednode.id=abc", "Failed to convert 'registerednode.id'"],
      ["registerednode.id=eq:1&registerednode.id=gt:0", "The 'eq' operator cannot be combined with other operators"],
      ["registerednode.id=gt:5&registerednode.id=lt:3", "Invalid range: lower bound exceeds upper bound"],
      ["limit=0", "limit must be greater than 0"],
      ["limit=101", "limit must be less than or equal to 100"],
      ["registerednode.id=gt:1&registerednode.id=gt:2&registerednode.id=gt:3", "registerednode.id size must be between 0 and 2"],
      ["node.id=1", "Unknown query parameter: node.id"],
    ])("%s", async (query, message) => {
      const { status, body } = await get(`/api/v1/network/registered-nodes?${query}`);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain(message);
    });
  });
});
