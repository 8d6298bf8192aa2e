import { NANOS_PER_DAY } from "@/lib/mirror/timestamp";
import { REGISTERED_NODE_TYPES } from "@/lib/mirror/network/params";
import type { StoredEndpoint } from "@/lib/mirror/network/queries";
import { endpointType } from "@/lib/mirror/network/render";
import type { SeedContext } from "./context";
import { ed25519Key, keyBytes } from "./keys";
import type { Random } from "./random";

/**
 * The network's registered nodes (HIP-1137): two block nodes the consensus
 * nodes stream to, a mirror node, an RPC relay, a general service, and a
 * retired block node that was deleted. Endpoints are stored as the importer
 * stores them (snake_case JSON, absent fields left out).
 */
const REGISTERED: ReadonlyArray<{ description: string; day: bigint; deleted?: boolean; endpoints: StoredEndpoint[] }> = [
  {
    description: "Block node eu-1",
    day: 400n,
    endpoints: [
      { block_node: { endpoint_apis: ["STATUS", "SUBSCRIBE_STREAM", "STATE_PROOF"] }, domain_name: "block-eu-1.example.net", port: 40840, requires_tls: true },
      { block_node: { endpoint_apis: ["PUBLISH"] }, ip_address: "10.20.0.11", port: 40841, requires_tls: false },
    ],
  },
  {
    description: "Block node us-1",
    day: 410n,
    endpoints: [{ block_node: { endpoint_apis: ["STATUS", "PUBLISH", "SUBSCRIBE_STREAM"] }, domain_name: "block-us-1.example.net", port: 40840, requires_tls: true }],
  },
  { description: "Mirror node", day: 420n, endpoints: [{ mirror_node: {}, domain_name: "mirror.example.net", port: 443, requires_tls: true }] },
  { description: "JSON-RPC relay", day: 430n, endpoints: [{ rpc_relay: {}, domain_name: "relay.example.net", port: 443, requires_tls: true }] },
  {
    description: "Archive exports",
    day: 440n,
    endpoints: [{ general_service: { description: "Daily record file archive" }, domain_name: "archive.example.net", port: 443, requires_tls: true }],
  },
  {
    description: "Block node eu-0 (retired)",
    day: 300n,
    deleted: true,
    endpoints: [{ block_node: { endpoint_apis: ["STATUS"] }, ip_address: "10.20.0.5", port: 40840, requires_tls: false }],
  },
];

/** The block nodes (ids) each consensus node streams to, by node id: the first two registered nodes, alternately. */
export function associatedRegisteredNodes(nodeId: bigint): bigint[] {
  return [(nodeId % 2n) + 1n];
}

export function writeRegisteredNodes(ctx: SeedContext, random: Random): void {
  const { networkGenesis } = ctx.timeline;
  REGISTERED.forEach((node, index) => {
    const created = networkGenesis + node.day * NANOS_PER_DAY;
    ctx.rows.add("registered_node", {
      admin_key: keyBytes(ed25519Key(random)),
      created_timestamp: created,
      deleted: node.deleted ?? false,
      description: node.description,
      registered_node_id: BigInt(index + 1),
      service_endpoints: node.endpoints,
      timestamp_range: [created, null],
      type: [...new Set(node.endpoints.map((endpoint) => REGISTERED_NODE_TYPES[endpointType(endpoint)]))],
    });
  });
}
