import type { LoadResult, LoadTarget } from "@/lib/bench/http-load";
import { seededRandom, type BenchEndpoint, type BenchSamples } from "./endpoints";

/** One server's load targets, by endpoint: undefined for an endpoint it does not measure. */
export type ServerTargets = ReadonlyArray<LoadTarget | undefined>;

/**
 * Every server's targets as one list for measureTargets, endpoint by
 * endpoint with each endpoint's servers back to back (one server per scale,
 * or ours and a reference server), so that a pass measures an endpoint on
 * each server moments apart; and how to hand the results back to each
 * server, by endpoint (undefined where it measured none).
 */
export function interleaveServers(servers: readonly ServerTargets[]): {
  targets: LoadTarget[];
  resultsByServer: (results: readonly LoadResult[]) => Array<Array<LoadResult | undefined>>;
} {
  const targets: LoadTarget[] = [];
  const slots: Array<{ server: number; endpoint: number }> = [];
  const endpointCount = Math.max(0, ...servers.map((serverTargets) => serverTargets.length));
  for (let endpoint = 0; endpoint < endpointCount; endpoint++) {
    servers.forEach((serverTargets, server) => {
      const target = serverTargets[endpoint];
      if (!target) return;
      targets.push(target);
      slots.push({ server, endpoint });
    });
  }
  return {
    targets,
    resultsByServer: (results) => {
      const byServer = servers.map((serverTargets) => serverTargets.map((): LoadResult | undefined => undefined));
      results.forEach((result, index) => {
        const { server, endpoint } = slots[index]!;
        byServer[server]![endpoint] = result;
      });
      return byServer;
    },
  };
}

/** A server measured in a run: one per scale, and the reference server; its trivial route's path; its CPU time, where it can be read. */
export type BenchServer = { name: string; baseUrl: string; samples: BenchSamples; trivialPath: string; cpuSeconds?: () => number | undefined };

/**
 * The server's load target per endpoint (undefined where `skipped`): the
 * trivial route at the server's own path, every other endpoint drawing its
 * random ids from a generator seeded by the endpoint's place alone, so every
 * server is asked for the same ids in the same order.
 */
export function serverTargets(server: BenchServer, endpoints: readonly BenchEndpoint[], skipped: readonly boolean[] = []): ServerTargets {
  return endpoints.map((endpoint, at) => {
    if (skipped[at]) return undefined;
    const random = seededRandom(1_000 + at);
    return {
      label: `${endpoint.label} on ${server.name}`,
      baseUrl: server.baseUrl,
      path: () => (endpoint.reference ? server.trivialPath : endpoint.path(server.samples, random)),
      ...(server.cpuSeconds && { serverCpuSeconds: server.cpuSeconds }),
    };
  });
}
