import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { withPgClient } from "@/lib/db/postgres-client";
import { ensureBuild, serverEnv } from "@/lib/server/ensure-build";
import { serveCommandArgs } from "@/lib/server/serve-command";
import type { LoadRoute } from "./load";

/**
 * The deployment of deploy/README.md on one machine, for `npm run
 * test:cluster` and `npm run bench:cluster`: a PostgreSQL primary and its
 * streaming standby (their own data directories and ports in a temporary
 * directory, never the system's cluster), N app instances of the production
 * build as `npm start` serves it (DATABASE_URL on the primary,
 * MIRROR_DATABASE_URL on the standby), and nginx from deploy/nginx.conf.template.
 */

/** CLUSTER_PORT (default 3240) is nginx's; instances take the next ports, the primary +7, the standby +8. */
export function clusterPorts(base = Number(process.env.CLUSTER_PORT ?? 3240)) {
  return { nginx: base, instances: [base + 1, base + 2, base + 3], primary: base + 7, standby: base + 8 };
}

export type Binaries = { pgBin: string; nginx: string };

/** The PostgreSQL server binaries and nginx, or what is missing. PG_BIN and NGINX override the search. */
export function findBinaries(): { found: Binaries; missing?: undefined } | { missing: string[]; found?: undefined } {
  const missing: string[] = [];
  const pgBin = [process.env.PG_BIN ?? newestPostgresBin()].find((bin) => bin && SERVER_TOOLS.every((tool) => fs.existsSync(path.join(bin, tool))));
  if (!pgBin) missing.push(`PostgreSQL server binaries (${SERVER_TOOLS.join(", ")} under /usr/lib/postgresql/*/bin, or PG_BIN)`);
  const nginx = (process.env.NGINX ? [process.env.NGINX] : ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]).find((file) => fs.existsSync(file));
  if (!nginx) missing.push("nginx (/usr/sbin/nginx, or NGINX)");
  return pgBin && nginx ? { found: { pgBin, nginx } } : { missing };
}

const SERVER_TOOLS = ["initdb", "pg_ctl", "pg_basebackup", "postgres"];

function newestPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  return versions
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, "bin"))
    .find((bin) => SERVER_TOOLS.every((tool) => fs.existsSync(path.join(bin, tool))));
}

/** PostgreSQL refuses to run as root, and nginx's workers should not: the account both run as when we are root. */
function unprivileged(): { uid: number; gid: number; user: string; group: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ["postgres", "nobody"]) {
    try {
      const id = (flag: string) => execFileSync("id", [flag, user], { encoding: "utf8" }).trim();
      return { uid: Number(id("-u")), gid: Number(id("-g")), user, group: id("-gn") };
    } catch {
      // no such account: try the next
    }
  }
  throw new Error("running as root, but neither a postgres nor a nobody account exists to run PostgreSQL as");
}

export type Cluster = {
  dir: string;
  primaryUrl: string;
  standbyUrl: string;
  /** The postmasters of the primary and the standby with all their backends and helpers. */
  pids: () => number[];
  /** Adds a setting to the standby's configuration and reloads it. */
  configureStandby: (line: string) => void;
  stop: () => Promise<void>;
};

/** A primary and a streaming standby (pg_basebackup -R, hot standby) with one database, `ledger`. */
export async function startPostgresPair(binaries: Binaries, ports: { primary: number; standby: number }): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-cluster-"));
  fs.chmodSync(dir, 0o755);
  const account = unprivileged();
  const pgDir = path.join(dir, "pg");
  fs.mkdirSync(pgDir);
  if (account) fs.chownSync(pgDir, account.uid, account.gid);
  const tool = (name: string, args: string[]) => {
    const result = spawnSync(path.join(binaries.pgBin, name), args, { encoding: "utf8", ...(account && { uid: account.uid, gid: account.gid }), cwd: pgDir });
    if (result.status !== 0) throw new Error(`${name} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  };
  const primaryDir = path.join(pgDir, "primary");
  const standbyDir = path.join(pgDir, "standby");
  const started: string[] = [];
  const stop = async () => {
    for (const data of started.reverse()) {
      try {
        tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch (error) {
        console.error((error as Error).message);
      }
    }
    started.length = 0;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    tool("initdb", ["-D", primaryDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    fs.appendFileSync(
      path.join(primaryDir, "postgresql.conf"),
      [
        `port = ${ports.primary}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${pgDir}'`,
        "wal_level = replica",
        "max_wal_senders = 4",
        "max_connections = 200",
        "",
      ].join("\n"),
    );
    tool("pg_ctl", ["-D", primaryDir, "-l", path.join(pgDir, "primary.log"), "-w", "start"]);
    started.push(primaryDir);
    await withPgClient(`postgresql://postgres@127.0.0.1:${ports.primary}/postgres`, (client) => client.query("CREATE DATABASE ledger"));
    // -R writes primary_conninfo and standby.signal: the copy starts as a streaming standby.
    tool("pg_basebackup", ["-h", "127.0.0.1", "-p", String(ports.primary), "-U", "postgres", "-D", standbyDir, "-R", "-X", "stream", "--checkpoint=fast"]);
    // The last setting of a name wins: the copy's postgresql.conf carries the primary's port.
    // hot_standby_feedback keeps the primary from vacuuming rows a standby query still reads.
    fs.appendFileSync(path.join(standbyDir, "postgresql.conf"), [`port = ${ports.standby}`, "hot_standby = on", "hot_standby_feedback = on", ""].join("\n"));
    tool("pg_ctl", ["-D", standbyDir, "-l", path.join(pgDir, "standby.log"), "-w", "start"]);
    started.push(standbyDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    dir,
    primaryUrl: `postgresql://postgres@127.0.0.1:${ports.primary}/ledger`,
    standbyUrl: `postgresql://postgres@127.0.0.1:${ports.standby}/ledger`,
    pids: () =>
      [primaryDir, standbyDir].flatMap((data) => {
        const postmaster = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
        return processTree(postmaster);
      }),
    configureStandby: (line) => {
      fs.appendFileSync(path.join(standbyDir, "postgresql.conf"), `${line}\n`);
      tool("pg_ctl", ["-D", standbyDir, "reload"]);
    },
    stop,
  };
}

/** Waits until the standby has replayed everything the primary had written when this was called. */
export async function waitForStandby(cluster: Cluster, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  const target = await withPgClient(cluster.primaryUrl, async (client) => (await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0]!.lsn);
  await withPgClient(cluster.standbyUrl, async (client) => {
    while (Date.now() - started < timeoutMs) {
      const { rows } = await client.query<{ done: boolean }>("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done", [target]);
      if (rows[0]?.done) return;
      await sleep(50);
    }
    throw new Error(`the standby did not replay up to ${target} within ${timeoutMs} ms`);
  });
  return Date.now() - started;
}

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

/** `npm run db:seed -- --mirror` against the primary: status demo data and the mirror demo ledger. */
export function seedPrimary(cluster: Cluster): string {
  const result = spawnSync(process.execPath, [tsxCli, path.join("lib", "seed", "cli.ts"), "--mirror"], {
    encoding: "utf8",
    env: { ...serverEnv, DATABASE_URL: cluster.primaryUrl },
  });
  if (result.status !== 0) throw new Error(`db:seed failed:\n${result.stdout}${result.stderr}`);
  // Its summary lines, without the JSON log lines of each migration.
  return result.stdout
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("{"))
    .join("\n");
}

export type Instance = {
  port: number;
  baseUrl: string;
  /** SIGKILL to the instance's process group (tsx and the server it runs), as a crash would. */
  kill: () => Promise<void>;
  /** Starts it again on the same port and waits until it is ready. */
  start: () => Promise<void>;
  pids: () => number[];
  running: () => boolean;
};

export const CLUSTER_ADMIN_API_KEY = "sk_cluster-test-admin-key-for-this-test-only";

/** N instances of the production build (built first when stale), not started yet. */
export function createInstances(cluster: Cluster, ports: readonly number[], env: Record<string, string> = {}): Instance[] {
  ensureBuild(process.cwd());
  return ports.map((port) => appInstance(cluster, port, env));
}

/** Starts instances together (concurrent starts migrate once) and waits until each is ready. */
export async function startAll(instances: readonly Instance[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.start()));
}

function appInstance(cluster: Cluster, port: number, env: Record<string, string>): Instance {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = path.join(cluster.dir, `instance-${port}.log`);
  return {
    port,
    baseUrl,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    pids: () => (child?.pid === undefined ? [] : processGroup(child.pid)),
    kill: async () => {
      if (child?.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is gone already
      }
      await exited;
      child = undefined;
    },
    start: async () => {
      const log = fs.openSync(logPath, "a");
      const started = spawn(process.execPath, serveCommandArgs(port), {
        // Its own process group, so a kill reaches the server tsx runs as well.
        detached: true,
        stdio: ["ignore", log, log],
        env: {
          ...serverEnv,
          DATABASE_URL: cluster.primaryUrl,
          MIRROR_DATABASE_URL: cluster.standbyUrl,
          ADMIN_API_KEY: CLUSTER_ADMIN_API_KEY,
          TRUSTED_PROXIES: "127.0.0.1",
          ...env,
        },
      });
      fs.closeSync(log);
      child = started;
      exited = new Promise((resolve) => started.once("exit", () => resolve()));
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`instance on ${port} exited with ${started.exitCode}; see ${logPath}:\n${tail(logPath)}`);
        try {
          if ((await fetch(`${baseUrl}/api/health/ready`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(200);
      }
      throw new Error(`instance on ${port} not ready within 120 s:\n${tail(logPath)}`);
    },
  };
}

function tail(file: string): string {
  return fs.readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
}

/** Every live process whose process group is `pgid` (from /proc). */
export function processGroup(pgid: number): number[] {
  return livePids().filter((pid) => procStat(pid)?.pgid === pgid);
}

/** A process and all its descendants (from /proc). */
export function processTree(root: number): number[] {
  const stats = livePids().flatMap((pid) => {
    const stat = procStat(pid);
    return stat ? [{ pid, ppid: stat.ppid }] : [];
  });
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const stat of stats) if (stat.ppid === tree[i]) tree.push(stat.pid);
  return tree;
}

function livePids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/**
 * Fields of /proc/<pid>/stat: parent, process group, and CPU time in clock
 * ticks: user + system, its own and that of its children it has reaped, so the
 * sum over a tree read twice counts a backend that started and ended between.
 */
export function procStat(pid: number): { ppid: number; pgid: number; ticks: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses: the fields start after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { ppid: Number(fields[1]), pgid: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
}

export type Proxy = {
  /** Rewrites the configuration for these instances and cache setting, and reloads nginx (no connection is dropped). */
  configure: (upstreams: readonly number[], cache: boolean) => Promise<void>;
  pids: () => number[];
  stop: () => Promise<void>;
};

/** nginx from deploy/nginx.conf.template with its prefix (pid, logs, temp files, cache) in the cluster's directory. */
export async function startNginx(binaries: Binaries, cluster: Cluster, port: number, upstreams: readonly number[], cache = true): Promise<Proxy> {
  const prefix = path.join(cluster.dir, "nginx");
  fs.mkdirSync(path.join(prefix, "tmp"), { recursive: true });
  const confPath = path.join(prefix, "nginx.conf");
  const account = unprivileged();
  const write = (servers: readonly number[], cached: boolean) => fs.writeFileSync(confPath, renderNginxConfig({ prefix, listen: `127.0.0.1:${port}`, upstreams: servers, cache: cached, user: account && `${account.user} ${account.group}` }));
  write(upstreams, cache);
  // -e: the error log before the configuration is read, else the distribution's (root-only) path.
  const errorLog = path.join(prefix, "error.log");
  const test = spawnSync(binaries.nginx, ["-p", prefix, "-e", errorLog, "-c", confPath, "-t"], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn(binaries.nginx, ["-p", prefix, "-e", errorLog, "-c", confPath, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill("SIGQUIT");
        throw new Error(`nginx did not start; see ${errorLog}`);
      }
      await sleep(100);
    }
  }
  const master = child.pid!;
  const workers = () => processTree(master).filter((pid) => pid !== master);
  return {
    pids: () => processTree(master),
    configure: async (servers, cached) => {
      write(servers, cached);
      const old = workers();
      child.kill("SIGHUP");
      // Reloaded once new workers run and the old ones have finished their requests and gone.
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        await sleep(100);
        const now = workers();
        if (now.length > 0 && now.every((pid) => !old.includes(pid))) return;
      }
      throw new Error("nginx did not reload within 10 s");
    },
    stop: async () => {
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

/** What a run has started, so that it is all stopped on the way out. */
export type Started = { cluster?: Cluster; instances: Instance[]; proxy?: Proxy };

export async function stopAll(started: Started): Promise<void> {
  await started.proxy?.stop();
  await Promise.all(started.instances.map((instance) => instance.kill()));
  await started.cluster?.stop();
}

/**
 * The whole deployment, recorded in `running` as each part starts (so that a
 * failure part-way still stops what did start): primary and standby, the
 * primary seeded and the standby caught up, the instances ready, then nginx.
 */
export async function startDeployment(
  binaries: Binaries,
  ports: ReturnType<typeof clusterPorts>,
  running: Started,
  options: { env?: Record<string, string>; cache: boolean },
): Promise<{ cluster: Cluster; instances: Instance[]; proxy: Proxy }> {
  const cluster = (running.cluster = await startPostgresPair(binaries, ports));
  console.log(`primary 127.0.0.1:${ports.primary}, standby 127.0.0.1:${ports.standby} (${cluster.dir})`);
  console.log(seedPrimary(cluster));
  console.log(`standby replayed the seed ${await waitForStandby(cluster)} ms after it committed`);
  const instances = (running.instances = createInstances(cluster, ports.instances, options.env));
  await startAll(instances);
  const proxy = (running.proxy = await startNginx(binaries, cluster, ports.nginx, ports.instances, options.cache));
  return { cluster, instances, proxy };
}

/** Stops everything on Ctrl-C or SIGTERM too: the instances and PostgreSQL run detached from the terminal. */
export function stopOnSignals(started: Started): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopAll(started).finally(() => process.exit(130)));
}

const TEMPLATE = path.join(process.cwd(), "deploy", "nginx.conf.template");

export function renderNginxConfig(options: { prefix: string; listen: string; upstreams: readonly number[]; cache: boolean; user?: string }): string {
  const servers = options.upstreams.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n    ");
  return fs
    .readFileSync(TEMPLATE, "utf8")
    .replaceAll("@USER@", options.user ? `user ${options.user};` : "")
    .replaceAll("@PREFIX@", options.prefix)
    .replaceAll("@LISTEN@", options.listen)
    .replaceAll("@UPSTREAM_SERVERS@", servers)
    .replaceAll("@STATUS_CACHE@", options.cache ? "status" : "off");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** CPU time (user + system, in clock ticks) the given processes have used so far. */
export function cpuTicks(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (procStat(pid)?.ticks ?? 0), 0);
}

/** Busy and total clock ticks of the whole machine so far (/proc/stat), for the share other work took. */
export function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - fields[3]! - (fields[4] ?? 0), total };
}

/**
 * The mixed load of the test and the bench: the status document and page
 * (gzip, as browsers ask), two mirror reads (accounts picked at random from
 * the demo ledger) and a fee estimate of a one-signature hbar transfer.
 */
export async function mixedRoutes(cluster: Cluster): Promise<LoadRoute[]> {
  const accounts = await withPgClient(cluster.primaryUrl, async (client) =>
    (await client.query<{ id: string }>("SELECT id::text AS id FROM entity WHERE type = 'ACCOUNT' AND deleted IS NOT TRUE ORDER BY id LIMIT 500")).rows.map((row) => row.id),
  );
  const transfer = fs.readFileSync(path.join("public", "examples", "hbar-transfer.bin"));
  return [
    { label: "GET /api/v2/summary.json", method: "GET", path: "/api/v2/summary.json", headers: { "accept-encoding": "gzip" } },
    { label: "GET /", method: "GET", path: "/", headers: { "accept-encoding": "gzip" } },
    { label: "GET /api/v1/transactions?limit=10", method: "GET", path: "/api/v1/transactions?limit=10" },
    { label: "GET /api/v1/accounts/{id}", method: "GET", path: () => `/api/v1/accounts/0.0.${accounts[Math.floor(Math.random() * accounts.length)]}` },
    { label: "POST /api/v1/network/fees", method: "POST", path: "/api/v1/network/fees", headers: { "content-type": "application/protobuf" }, body: transfer },
  ];
}
