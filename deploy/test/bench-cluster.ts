/**
 * `npm run bench:cluster`: req/s through nginx for 1, 2 and 3 app instances
 * (the same mixed load as `npm run test:cluster`, nginx's cache off so every
 * request reaches an instance), with the CPU each part used (nginx, the app
 * instances, PostgreSQL, this load generator, and everything else on the
 * machine, from /proc), then summary.json alone with nginx's cache on and off.
 * Same deployment as the test (CLUSTER_PORT, default 3240).
 *
 *   BENCH_SECONDS (default 15) per measured run; BENCH_PASSES (default 2), the
 *   order reversed on every second pass; the median run is reported.
 */
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import {
  clusterPorts,
  cpuTicks,
  findBinaries,
  machineTicks,
  mixedRoutes,
  startDeployment,
  stopAll,
  stopOnSignals,
  type Cluster,
  type Instance,
  type Proxy,
  type Started,
} from "./cluster";
import { now, percentile, runLoad, type LoadRoute, type Sample } from "./load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PASSES = Number(process.env.BENCH_PASSES ?? 2);
const CONNECTIONS = 32;
const TICKS_PER_SECOND = 100;

const binaries = findBinaries();
if (binaries.missing) {
  console.error(`bench:cluster needs ${binaries.missing.join("; ")}`);
  process.exit(1);
}
const ports = clusterPorts();
const running: Started = { instances: [] };
stopOnSignals(running);
try {
  const { cluster, instances, proxy } = await startDeployment(binaries.found, ports, running, { cache: false });
  await bench(cluster, instances, proxy);
} finally {
  await stopAll(running);
}

type Run = { label: string; perSecond: number; p99: number; failed: number; cores: Record<string, number>; load: number };

async function bench(cluster: Cluster, instances: Instance[], proxy: Proxy): Promise<void> {
  const mixed = await mixedRoutes(cluster);
  const summary: LoadRoute[] = [mixed[0]!];
  const nginxUrl = `http://127.0.0.1:${ports.nginx}`;
  const configs = [
    { label: "mixed, 1 instance", upstreams: 1, cache: false, routes: mixed },
    { label: "mixed, 2 instances", upstreams: 2, cache: false, routes: mixed },
    { label: "mixed, 3 instances", upstreams: 3, cache: false, routes: mixed },
    { label: "summary.json, 3 instances, cache off", upstreams: 3, cache: false, routes: summary },
    { label: "summary.json, 3 instances, cache on", upstreams: 3, cache: true, routes: summary },
  ];
  const groups = {
    nginx: () => proxy.pids(),
    node: () => instances.flatMap((instance) => instance.pids()),
    postgres: () => cluster.pids(),
  };
  console.log(`bench:cluster on ${formatMachine(describeMachine())}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${PASSES} passes`);
  const runs: Run[][] = configs.map(() => []);
  for (let pass = 0; pass < PASSES; pass++) {
    const order = configs.map((_, index) => index);
    if (pass % 2 === 1) order.reverse();
    for (const index of order) {
      const config = configs[index]!;
      await proxy.configure(ports.instances.slice(0, config.upstreams), config.cache);
      await runLoad({ baseUrl: nginxUrl, routes: config.routes, connections: CONNECTIONS, durationMs: 2000 });
      const ticks = () => Object.fromEntries(Object.entries(groups).map(([name, list]) => [name, cpuTicks(list())]));
      const before = ticks();
      const beforeSelf = process.cpuUsage();
      const beforeMachine = machineTicks();
      const started = now();
      const samples = await runLoad({ baseUrl: nginxUrl, routes: config.routes, connections: CONNECTIONS, durationMs: SECONDS * 1000 });
      const seconds = (now() - started) / 1000;
      const self = process.cpuUsage(beforeSelf);
      const machine = machineTicks();
      const after = ticks();
      const cores: Record<string, number> = {};
      for (const name of Object.keys(groups)) cores[name] = (after[name]! - before[name]!) / TICKS_PER_SECOND / seconds;
      cores.loadgen = (self.user + self.system) / 1e6 / seconds;
      const ours = Object.values(cores).reduce((sum, value) => sum + value, 0);
      cores.other = Math.max(0, (machine.busy - beforeMachine.busy) / TICKS_PER_SECOND / seconds - ours);
      const failed = (sample: Sample) => sample.error !== undefined || sample.status !== 200;
      const run: Run = {
        label: config.label,
        perSecond: samples.length / seconds,
        p99: percentile(samples.filter((sample) => !failed(sample)).map((sample) => sample.end - sample.start), 99),
        failed: samples.filter(failed).length,
        cores,
        load: describeMachine().loadAverage[0],
      };
      runs[index]!.push(run);
      console.log(`  pass ${pass + 1}: ${formatRun(run)}`);
    }
  }
  console.log("\nmedian run of each (CPU in cores busy over the run; the machine has 2):");
  for (const list of runs) console.log(`  ${formatRun([...list].sort((a, b) => a.perSecond - b.perSecond)[Math.floor((list.length - 1) / 2)]!)}`);
}

function formatRun(run: Run): string {
  const cpu = Object.entries(run.cores)
    .map(([name, value]) => `${name} ${value.toFixed(2)}`)
    .join(", ");
  // CPU milliseconds per request, of the parts that serve it.
  const perRequest = (["nginx", "node", "postgres"] as const).map((name) => `${name} ${((run.cores[name]! * 1000) / run.perSecond).toFixed(2)}`).join(", ");
  return `${run.label.padEnd(38)} ${run.perSecond.toFixed(0).padStart(6)} req/s, p99 ${run.p99.toFixed(0)} ms, failed ${run.failed}; CPU cores ${cpu}; CPU ms/request ${perRequest}; load ${run.load.toFixed(1)}`;
}
