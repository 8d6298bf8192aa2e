import { createServer, type Server as NetServer } from "node:net";
import type { Server } from "node:http";

/**
 * The ports `@hiero-ledger/sdk` uses when its mirror network is `localhost` or
 * `127.0.0.1` (the local-node layout), whatever port the client was given:
 * REST on 5551 (MirrorNode.mirrorRestApiBaseUrl), the Java REST API on 8084
 * (FeeEstimateQuery's /network/fees, RegisteredNodeAddressBookQuery's
 * /network/registered-nodes) and the web3 API on 8545
 * (MirrorNodeContractQuery's /contracts/call).
 */
export const SDK_PORTS = [
  { port: 5551, serves: "REST /api/v1" },
  { port: 8084, serves: "/api/v1/network/fees, /api/v1/network/registered-nodes" },
  { port: 8545, serves: "/api/v1/contracts/call" },
] as const;

/** The SDK only uses these ports for a loopback mirror network, so they listen on loopback alone. */
const LOOPBACK = ["127.0.0.1", "::1"] as const;

/** `--sdk-ports` on the command line, or `SDK_PORTS` set to 1/true in the environment. */
export function sdkPortsRequested(flag: boolean | undefined, env: Record<string, string | undefined> = process.env): boolean {
  return flag === true || /^(1|true|yes)$/i.test(env.SDK_PORTS?.trim() ?? "");
}

/**
 * Hands every connection made to the SDK's ports to `server`, so the same app
 * (same handlers, same database, same request log) answers on all of them.
 * Resolves with a function that stops these listeners accepting.
 */
export async function listenOnSdkPorts(server: Server): Promise<() => Promise<void>> {
  const listeners: NetServer[] = [];
  // Stops accepting only: the connections already handed over belong to `server`, whose own close ends them.
  const stop = async () => {
    for (const listener of listeners) listener.close();
  };
  try {
    for (const { port } of SDK_PORTS) {
      for (const host of LOOPBACK) {
        const listener = await listen(port, host, server);
        if (listener) listeners.push(listener);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** One loopback listener; null when the host has no such address (a machine without IPv6). */
function listen(port: number, host: string, server: Server): Promise<NetServer | null> {
  const listener = createServer((socket) => server.emit("connection", socket));
  return new Promise((resolve, reject) => {
    listener.once("error", (error: NodeJS.ErrnoException) => {
      if (host === "::1" && (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT")) resolve(null);
      else if (error.code === "EADDRINUSE") reject(new Error(`--sdk-ports: port ${port} on ${host} is in use by another process`));
      else reject(error);
    });
    listener.listen({ port, host, ipv6Only: host === "::1" }, () => resolve(listener));
  });
}
