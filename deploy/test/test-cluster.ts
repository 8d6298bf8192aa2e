/**
 * `npm run test:cluster`: the deployment of deploy/README.md, for real, on
 * loopback ports (CLUSTER_PORT, default 3240): a PostgreSQL primary and its
 * streaming standby, three app instances of the production build, nginx in
 * front. Then:
 *   1. mixed load through nginx for LOAD_SECONDS (default 60), one instance
 *      killed with SIGKILL at a third of it and started again at two thirds:
 *      no request fails but those in flight on the killed instance then;
 *   2. a status write through one instance is served by every instance within
 *      STATUS_REVISION_CHECK_MS and by nginx within that plus its cache's
 *      lifetime;
 *   3. with the standby's replay slowed, a /api/v1 read during a write burst
 *      on the primary is never from the future nor further behind than the
 *      lag readiness reports, and readiness reports it.
 * Prints figures; exits 1 on a failed check. Without nginx or the PostgreSQL
 * server binaries it prints what it skipped, or under CI fails.
 */
import fs from "node:fs";
import path from "node:path";
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import { withPgClient } from "@/lib/db/postgres-client";
import { parseTimestamp } from "@/lib/mirror/timestamp";
import { inCi } from "@/lib/testing/requirements";
import {
  CLUSTER_ADMIN_API_KEY,
  clusterPorts,
  findBinaries,
  mixedRoutes,
  sleep,
  startDeployment,
  stopAll,
  stopOnSignals,
  type Cluster,
  type Instance,
  type Started,
} from "./cluster";
import { formatFigures, now, percentile, routeFigures, runLoad, type Sample } from "./load";

const CHECK_MS = 1000;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 16;
const APPLY_DELAY_MS = 300;

const failures: string[] = [];
let passed = 0;
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (ok) passed++;
  else failures.push(what);
}

/** .reports/cluster.json: what .ci/summary.mjs adds to the run's counts. */
const REPORT = path.join(".reports", "cluster.json");
function report(outcome: { passed: number; failed: string[]; skipped?: string }): void {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify(outcome, null, 2));
}

fs.rmSync(REPORT, { force: true });
const binaries = findBinaries();
if (binaries.missing) {
  const reason = `missing ${binaries.missing.join("; ")}`;
  if (inCi()) {
    console.error(`test:cluster cannot run under CI: ${reason}`);
    report({ passed: 0, failed: [`test:cluster cannot run: ${reason}`] });
    process.exit(1);
  }
  console.log(`skipped: test:cluster (skipped: ${reason})`);
  report({ passed: 0, failed: [], skipped: reason });
  process.exit(0);
}

const ports = clusterPorts();
console.log(`test:cluster on ${formatMachine(describeMachine())}`);
const started = Date.now();
const running: Started = { instances: [] };
stopOnSignals(running);
try {
  const { cluster, instances } = await startDeployment(binaries.found, ports, running, { env: { STATUS_REVISION_CHECK_MS: String(CHECK_MS) }, cache: true });
  console.log(`instances ${ports.instances.join(", ")} and nginx ${ports.nginx} ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const nginxUrl = `http://127.0.0.1:${ports.nginx}`;

  await loadWithKill(cluster, instances, nginxUrl);
  await statusWrite(cluster, instances, nginxUrl);
  await replicaLag(cluster, instances[0]!, nginxUrl);
} catch (error) {
  failures.push(`the run stopped: ${(error as Error).stack ?? String(error)}`);
  console.error(error);
} finally {
  await stopAll(running);
}
console.log(`\ntest:cluster took ${((Date.now() - started) / 1000).toFixed(0)} s; load average now ${describeMachine().loadAverage.map((value) => value.toFixed(2)).join(", ")}`);
report({ passed, failed: failures });
if (failures.length > 0) {
  console.log(`${failures.length} failed:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
  process.exit(1);
}
console.log("all checks passed");

async function loadWithKill(cluster: Cluster, instances: Instance[], nginxUrl: string): Promise<void> {
  const routes = await mixedRoutes(cluster);
  const victim = instances[1]!;
  const killAfterMs = (LOAD_SECONDS * 1000) / 3;
  let killedAt = 0;
  let restartedAt = 0;
  let readyAt = 0;
  const loadStart = now();
  const events = (async () => {
    await sleep(killAfterMs);
    killedAt = now();
    await victim.kill();
    await sleep(killAfterMs - (now() - killedAt));
    restartedAt = now();
    await victim.start();
    readyAt = now();
  })();
  const samples = await runLoad({ baseUrl: nginxUrl, routes, connections: CONNECTIONS, durationMs: LOAD_SECONDS * 1000 });
  const loadEnd = now();
  await events;
  const seconds = (loadEnd - loadStart) / 1000;
  const failed = (sample: Sample) => sample.error !== undefined || sample.status !== 200;
  const victimAddress = `127.0.0.1:${victim.port}`;
  // In flight on the killed instance: sent before the kill, answered after it, and nginx had passed it to that instance.
  const inFlight = samples.filter((sample) => sample.start <= killedAt && sample.end >= killedAt && sample.upstream.split(", ").includes(victimAddress));
  const failedSamples = samples.filter(failed);
  const unexplained = failedSamples.filter((sample) => !inFlight.includes(sample));
  const answeredBy = (list: Sample[], from: number) => list.filter((sample) => sample.start >= from && sample.upstream.split(", ").at(-1) === victimAddress).length;
  let rejoined = answeredBy(samples, readyAt);
  // On a busy machine a start can outlast the load: then a few seconds more show whether nginx sends it requests again.
  if (rejoined === 0 && readyAt > loadEnd) rejoined = answeredBy(await runLoad({ baseUrl: nginxUrl, routes, connections: CONNECTIONS, durationMs: 3000 }), readyAt);

  console.log(`\n1. ${LOAD_SECONDS} s of mixed load through nginx, ${CONNECTIONS} connections; instance ${victim.port} killed (SIGKILL) at ${((killedAt - loadStart) / 1000).toFixed(1)} s, started again at ${((restartedAt - loadStart) / 1000).toFixed(1)} s, ready at ${((readyAt - loadStart) / 1000).toFixed(1)} s`);
  console.log(formatFigures(routeFigures(routes, samples, seconds, failed)));
  console.log(`  total ${samples.length} requests, ${(samples.length / seconds).toFixed(0)} req/s; in flight on the killed instance at the kill: ${inFlight.length} (of them failed: ${inFlight.filter(failed).length}, answered by another instance: ${inFlight.filter((sample) => !failed(sample)).length})`);
  for (const sample of unexplained.slice(0, 5)) console.log(`  failed: ${routes[sample.route]!.label} at ${((sample.start - loadStart) / 1000).toFixed(2)} s: ${sample.error ?? sample.status} via ${sample.upstream || "?"}`);
  check(unexplained.length === 0, `no request failed beyond those in flight on the killed instance (${failedSamples.length} failed, ${unexplained.length} of them not in flight there)`);
  check(rejoined > 0, `the restarted instance answered again (${rejoined} requests after it was ready)`);
}

async function statusWrite(cluster: Cluster, instances: Instance[], nginxUrl: string): Promise<void> {
  const { page, component, status } = await withPgClient(cluster.primaryUrl, async (client) => {
    const row = (
      await client.query<{ page_id: string; id: string; status: string }>(
        "SELECT page_id, id, status FROM status.component WHERE only_show_if_degraded = false ORDER BY position LIMIT 1",
      )
    ).rows[0]!;
    return { page: row.page_id, component: row.id, status: row.status === "major_outage" ? "degraded_performance" : "major_outage" };
  });
  const shows = (body: string) => (JSON.parse(body) as { components: { id: string; status: string }[] }).components.some((entry) => entry.id === component && entry.status === status);
  // The edge holds the old document first: the worst case for how long it serves it.
  const primed = await fetch(`${nginxUrl}/api/v2/summary.json`);
  await primed.text();
  const maxAge = Number(/max-age=(\d+)/.exec(primed.headers.get("cache-control") ?? "")?.[1]);
  const etag = primed.headers.get("etag") ?? "";
  const revalidated = await fetch(`${nginxUrl}/api/v2/summary.json`, { headers: { "if-none-match": etag } });
  check(
    // HIT, or STALE / UPDATING while one request refreshes the copy, or REVALIDATED with the instance by ETag.
    etag !== "" && revalidated.status === 304 && ["HIT", "STALE", "UPDATING", "REVALIDATED"].includes(revalidated.headers.get("x-cache-status") ?? ""),
    `nginx answers the document's ETag with 304 through its cache (${revalidated.status}, ${revalidated.headers.get("x-cache-status")})`,
  );
  const manage = () => fetch(`${nginxUrl}/api/manage/v1/pages/${page}`, { headers: { authorization: `OAuth ${CLUSTER_ADMIN_API_KEY}` } });
  await (await manage()).text();
  const again = await manage();
  check(again.status === 200 && !again.headers.get("x-cache-status"), `the manage API is never cached by nginx (${again.status}, cache status "${again.headers.get("x-cache-status") ?? ""}")`);
  const written = await fetch(`${instances[0]!.baseUrl}/api/manage/v1/pages/${page}/components/${component}`, {
    method: "PATCH",
    headers: { authorization: `OAuth ${CLUSTER_ADMIN_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ component: { status } }),
  });
  const acked = now();
  check(written.status === 200, `the write through instance ${instances[0]!.port} answered ${written.status}`);
  type Poll = { start: number; end: number; seen: boolean };
  const poll = async (baseUrl: string, untilMs: number): Promise<Poll[]> => {
    const polls: Poll[] = [];
    while (now() < acked + untilMs) {
      const start = now();
      const response = await fetch(`${baseUrl}/api/v2/summary.json`);
      const seen = shows(await response.text());
      polls.push({ start, end: now(), seen });
      await sleep(25);
    }
    return polls;
  };
  // Every target is polled past the edge's bound, so a late old answer anywhere would be caught.
  const horizon = CHECK_MS + (maxAge + 2) * 1000 + 1000;
  const [direct, edge] = await Promise.all([Promise.all(instances.map((instance) => poll(instance.baseUrl, horizon))), poll(nginxUrl, horizon)]);
  // One fill of the edge's cache: as long as an instance takes to answer the document.
  const fill = Math.max(...direct.flat().map((entry) => entry.end - entry.start));
  // The edge may have stored an old copy up to CHECK_MS after the write and keeps it for max-age, counted by
  // nginx in whole seconds (up to 1 s more); then one request refills it while the others get the old copy.
  const edgeBound = CHECK_MS + (maxAge + 1) * 1000 + 2 * fill;
  const firstSeen = (polls: Poll[]) => polls.find((entry) => entry.seen)?.start;
  // Holds when requests were sent after the bound and every one of them saw the write.
  const holdsAfter = (polls: Poll[], bound: number) => {
    const late = polls.filter((entry) => entry.start >= acked + bound);
    return late.length > 0 && late.every((entry) => entry.seen);
  };
  console.log(`\n2. component ${component} set to ${status} through instance ${instances[0]!.port}; summary.json answers max-age=${maxAge}`);
  instances.forEach((instance, index) => {
    const seen = firstSeen(direct[index]!);
    console.log(`  instance ${instance.port}: first seen by a request sent ${seen === undefined ? "never" : `${(seen - acked).toFixed(0)} ms`} after the write`);
    check(holdsAfter(direct[index]!, CHECK_MS), `instance ${instance.port} serves it to every request sent ${CHECK_MS} ms (STATUS_REVISION_CHECK_MS) or more after the write`);
  });
  const edgeSeen = firstSeen(edge);
  console.log(`  nginx: first seen by a request sent ${edgeSeen === undefined ? "never" : `${(edgeSeen - acked).toFixed(0)} ms`} after the write (bound ${edgeBound.toFixed(0)} ms: ${CHECK_MS} + (${maxAge} + 1) × 1000 + 2 × ${fill.toFixed(0)} ms fill)`);
  check(holdsAfter(edge, edgeBound), `nginx serves it to every request sent ${edgeBound.toFixed(0)} ms or more after the write`);
}

async function replicaLag(cluster: Cluster, instance: Instance, nginxUrl: string): Promise<void> {
  cluster.configureStandby(`recovery_min_apply_delay = '${APPLY_DELAY_MS}ms'`);
  await sleep(500);
  const template = await withPgClient(cluster.primaryUrl, async (client) => (await client.query<{ ts: string }>("SELECT max(consensus_timestamp)::text AS ts FROM transaction")).rows[0]!.ts);
  type Write = { ts: bigint; issued: number; acked: number };
  type Reading = { start: number; end: number; lagMs: number | undefined };
  const writes: Write[] = [];
  const readings: Reading[] = [];
  const burstMs = 5000;
  const burstEnd = now() + burstMs;
  let writing = true;
  const writer = withPgClient(cluster.primaryUrl, async (client) => {
    // Each insert its own transaction: a copy of the newest transaction at a new, later consensus timestamp.
    while (now() < burstEnd) {
      const ts = BigInt(Math.round(now())) * 1_000_000n + BigInt(writes.length % 1000);
      const issued = now();
      await client.query(
        "INSERT INTO transaction SELECT (jsonb_populate_record(NULL::transaction, to_jsonb(t) || jsonb_build_object('consensus_timestamp', $1::bigint))).* FROM transaction t WHERE consensus_timestamp = $2::bigint",
        [ts.toString(), template],
      );
      writes.push({ ts, issued, acked: now() });
      await sleep(10);
    }
    writing = false;
  });
  const sampler = (async () => {
    while (writing) {
      const start = now();
      const body = (await (await fetch(`${instance.baseUrl}/api/health/ready`)).json()) as { replica?: { lagMs: number } };
      readings.push({ start, end: now(), lagMs: body.replica?.lagMs });
      await sleep(50);
    }
  })();
  const reads = runLoad({
    baseUrl: nginxUrl,
    routes: [{ label: "GET /api/v1/transactions?limit=1", method: "GET", path: "/api/v1/transactions?limit=1" }],
    connections: 4,
    durationMs: burstMs,
    keepBody: true,
  });
  const [samples] = await Promise.all([reads, writer, sampler]);
  const templateTs = BigInt(template);
  const lags = readings.map((reading) => reading.lagMs ?? Number.NaN);
  const maxLag = Math.max(...lags);
  // The lag grows by at most the time passed since a reading (a replay only lowers it), so a read is at most
  // the last reading before it plus the time from that reading's start to the read's answer behind.
  const lagBound = (sample: Sample) => {
    const before = readings.filter((reading) => reading.end <= sample.start).at(-1);
    return before?.lagMs === undefined ? Number.POSITIVE_INFINITY : before.lagMs + (sample.end - before.start);
  };
  let beyond = 0;
  let tightest = Number.POSITIVE_INFINITY;
  let future = 0;
  let unreadable = 0;
  const staleness: number[] = [];
  for (const sample of samples) {
    const text = (sample.status === 200 && (JSON.parse(sample.body ?? "{}") as { transactions?: { consensus_timestamp: string }[] }).transactions?.[0]?.consensus_timestamp) || undefined;
    const newest = text === undefined ? undefined : parseTimestamp(text);
    if (newest === undefined) {
      unreadable++;
      continue;
    }
    const source = writes.find((write) => write.ts === newest);
    if (newest > templateTs && (!source || source.issued > sample.end)) future++;
    // The oldest write the read did not see, acknowledged by the primary before the read was sent.
    const missed = writes.find((write) => write.ts > newest && write.acked < sample.start);
    const behind = missed ? sample.start - missed.acked : 0;
    staleness.push(behind);
    const bound = lagBound(sample);
    if (behind > bound) beyond++;
    tightest = Math.min(tightest, bound - behind);
  }
  console.log(`\n3. standby replay slowed by recovery_min_apply_delay = ${APPLY_DELAY_MS} ms; ${writes.length} single-row commits on the primary in ${burstMs / 1000} s, ${samples.length} reads of /api/v1/transactions?limit=1 through nginx`);
  console.log(`  readiness replica.lagMs over ${readings.length} readings: min ${Math.min(...lags).toFixed(0)}, median ${percentile(lags, 50).toFixed(0)}, max ${maxLag.toFixed(0)} ms`);
  console.log(`  reads behind the primary (since the oldest acknowledged write they missed): median ${percentile(staleness, 50).toFixed(0)}, p99 ${percentile(staleness, 99).toFixed(0)}, max ${Math.max(...staleness).toFixed(0)} ms`);
  check(unreadable === 0, `every read answered a transaction (${unreadable} did not)`);
  check(future === 0, `no read showed a write the primary had not been sent before the read was answered (${future} did)`);
  check(beyond === 0, `no read was further behind than the lag readiness reported before it plus the time since (${beyond} were; smallest margin ${tightest.toFixed(0)} ms)`);
  check(readings.every((reading) => reading.lagMs !== undefined) && maxLag >= APPLY_DELAY_MS, `readiness reports the standby's lag (max ${maxLag.toFixed(0)} ms ≥ the ${APPLY_DELAY_MS} ms replay delay)`);
  check(Math.max(...staleness) > 0, "the reads came from the standby (some were behind the primary)");
}
