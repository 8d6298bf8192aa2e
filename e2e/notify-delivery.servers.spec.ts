import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readMigrations } from "../lib/db/migrations";
import { migrate } from "../lib/db/migrator";
import { openDatabase, type Database } from "../lib/db/open";
import { createScratchDatabase } from "../lib/db/testing/postgres";
import { serverEnv } from "../lib/server/ensure-build";
import { Random } from "../lib/seed/mirror/random";
import { ensureBootstrapApiKey } from "../lib/status/manage/bootstrap-key";
import { IDEMPOTENCY_HEADER } from "../lib/status/notify/signature";
import { startWebhookReceiver, type ReceivedHook } from "../lib/status/notify/testing/receivers";
import { isMet, POSTGRES, suiteTitle, testDatabaseUrl } from "../lib/testing/requirements";
import { NOTIFY_PORTS } from "./servers";

/**
 * Delivery with real server processes (the app server `npm start` runs, on
 * a scratch PostgreSQL database) and a real webhook receiver:
 *   - kill -9 at seeded random moments during 200 notifying writes, with
 *     the receiver down for a while: after a restart drains the outbox,
 *     every acknowledged write reached every subscriber at least once, and
 *     every repeat carries its first copy's idempotency key;
 *   - two instances delivering one burst together: no notification is
 *     delivered twice within one lease.
 */
const KEY = "sk_notify_servers_test_key_0123456789abcdef";
const PAGE = { id: "notifypage01", name: "Delivery Test", url: "http://127.0.0.1", timeZone: "Etc/UTC" };
const SERVE_CLI = path.join(process.cwd(), "lib", "server", "serve-cli.ts");
const hasPostgres = isMet(POSTGRES);

test.describe.configure({ timeout: 240_000 });

type Server = { child: ChildProcess; origin: string; exited: Promise<void> };

/** `npm start`'s server on an existing build, as node itself (no tsx CLI in between), so SIGKILL reaches the serving process. */
async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVE_CLI, "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...serverEnv, LOG_LEVEL: "warn", MIRROR_DATABASE_URL: "", STATUS_WRITES_PER_MINUTE: "1000000", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server on ${port} exited while starting`);
    const ready = await fetch(`${origin}/api/health/ready`).then((response) => response.ok, () => false);
    if (ready) return { child, origin, exited };
    if (Date.now() > deadline) throw new Error(`server on ${port} not ready in 90 s`);
    await sleep(100);
  }
}

async function stopServer(server: Server | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A migrated scratch database with the page, the manage key and `count` webhook subscribers at the receiver. */
async function prepareDatabase(serverUrl: string, receiverUrl: (path: string) => string, paths: readonly string[]) {
  const scratch = await createScratchDatabase(serverUrl);
  // This process's own log (the migrations) is not the test's output.
  process.env.LOG_LEVEL = "silent";
  const db = await openDatabase({ kind: "postgres", url: scratch.url }, { poolSize: 2 });
  const now = new Date();
  await migrate(db.sql, readMigrations());
  await db.prisma.page.create({ data: { ...PAGE, updatedAt: now } });
  await ensureBootstrapApiKey(db, KEY, now);
  for (const [index, hookPath] of paths.entries()) {
    await db.prisma.subscriber.create({
      data: {
        id: `hook${index}`, pageId: PAGE.id, mode: "webhook", endpoint: receiverUrl(hookPath), webhookSecret: `whsec_${index}`,
        confirmToken: `confirm${index}`, manageToken: `manage${index}`, createdAt: now, confirmedAt: now,
      },
    });
  }
  return { url: scratch.url, db, drop: async () => (await db.close(), await scratch.drop()) };
}

/** Waits until every event is fanned out and no delivery is pending; dead ones are reported by the caller. */
async function drained(db: Database, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.sql.query<{ waiting: bigint | number }>(
      `SELECT (SELECT count(*) FROM status.notification_event WHERE fanned_out_at IS NULL)
            + (SELECT count(*) FROM status.notification_delivery WHERE state = 'pending') AS waiting`,
    );
    if (Number(row!.waiting) === 0) return;
    if (Date.now() > deadline) throw new Error(`${row!.waiting} notifications still waiting after ${timeoutMs} ms`);
    await sleep(200);
  }
}

type Hook = { incident: { id: string; incident_updates: { id: string }[] } };
/** The update a delivered notification announces: the newest in its incident snapshot. */
const announcedUpdate = (hook: ReceivedHook) => (JSON.parse(hook.body) as Hook).incident.incident_updates[0]!.id;
const keyOf = (hook: ReceivedHook) => String(hook.headers[IDEMPOTENCY_HEADER]);

const headers = { authorization: `OAuth ${KEY}`, "content-type": "application/json" };
const INCIDENT_NEXT = { investigating: "identified", identified: "monitoring", monitoring: "resolved" } as const;
type OpenIncident = { id: string; status: keyof typeof INCIDENT_NEXT };

/** One manage-API write: an incident create or update. Resolves with what it posted when acknowledged (2xx), null otherwise. */
async function write(origin: string, request: { id?: string; incident: Record<string, unknown> }) {
  const url = `${origin}/api/manage/v1/pages/${PAGE.id}/incidents${request.id ? `/${request.id}` : ""}`;
  try {
    const response = await fetch(url, { method: request.id ? "PATCH" : "POST", headers, body: JSON.stringify({ incident: request.incident }) });
    if (!response.ok) return null;
    const incident = (await response.json()) as { id: string; status: string; incident_updates: { id: string }[] };
    return { id: incident.id, status: incident.status, updateId: incident.incident_updates[0]!.id };
  } catch {
    // The server died under the request: whether it committed is unknown, so it is not counted as acknowledged.
    return null;
  }
}

test.describe(suiteTitle("notification delivery with real server processes on PostgreSQL", POSTGRES), () => {
  test.skip(!hasPostgres, POSTGRES.what);

  test("kill -9 during 200 notifying writes, the receiver down for a while: every acknowledged write arrives, repeats keep their key", async () => {
    const random = new Random("notify-crash");
    const WRITES = 200;
    const WRITERS = 4;
    const kills = new Set(Array.from({ length: 3 }, (_, index) => 30 + index * 55 + random.below(40)));
    // The receiver goes away at a seeded write for DOWN_MS: its deliveries fail and back off meanwhile.
    const downAt = 50 + random.below(40);
    const DOWN_MS = 3_000;
    const paths = ["/crash/0", "/crash/1", "/crash/2"];
    // Everything the receiver took, over both its lives.
    const received: ReceivedHook[] = [];
    let receiver = await startWebhookReceiver(NOTIFY_PORTS.receiver);
    const collect = () => received.push(...receiver.received.splice(0));
    let receiverBack = Promise.resolve();
    const database = await prepareDatabase(testDatabaseUrl!, receiver.url, paths);
    const env = { DATABASE_URL: database.url, NOTIFY_POLL_MS: "100", NOTIFY_BACKOFF_MS: "250", NOTIFY_LEASE_MS: "2000" };
    const port = NOTIFY_PORTS.servers[0];
    let server: Server | undefined;
    try {
      server = await startServer(port, env);
      let up: Promise<Server> = Promise.resolve(server);
      const acked: { updateId: string }[] = [];
      const open: OpenIncident[] = [];
      let next = 0;
      let killsDone = 0;
      const restarts: Promise<void>[] = [];

      const killAndRestart = async (delayMs: number): Promise<void> => {
        const victim = await up;
        await sleep(delayMs);
        up = (async () => {
          await stopServer(victim, "SIGKILL");
          killsDone++;
          server = await startServer(port, env);
          return server;
        })();
        await up;
      };

      const writer = async () => {
        while (next < WRITES) {
          const n = next++;
          if (n === downAt) {
            await receiver.close();
            collect();
            receiverBack = sleep(DOWN_MS).then(async () => {
              receiver = await startWebhookReceiver(NOTIFY_PORTS.receiver);
            });
          }
          if (kills.has(n)) restarts.push(killAndRestart(random.below(40)));
          const { origin } = await up;
          const target = open.length > 0 && random.next() < 0.6 ? open.splice(random.below(open.length), 1)[0]! : undefined;
          const result = await write(origin, target
            ? { id: target.id, incident: { status: INCIDENT_NEXT[target.status], body: `write ${n}` } }
            : { incident: { name: `Crash incident ${n}`, body: `write ${n}` } });
          if (!result) continue;
          acked.push(result);
          if (result.status in INCIDENT_NEXT) open.push({ id: result.id, status: result.status as OpenIncident["status"] });
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      await Promise.all([...restarts, receiverBack]);
      await up;
      await drained(database.db, 60_000);
      collect();

      expect(killsDone).toBe(kills.size);
      expect(acked.length).toBeGreaterThan(WRITES * 0.8);
      const [dead] = await database.db.sql.query<{ count: bigint | number }>("SELECT count(*) AS count FROM status.notification_delivery WHERE state <> 'delivered'");
      expect(Number(dead!.count)).toBe(0);

      const byDelivery = new Map<string, ReceivedHook[]>();
      for (const hook of received) {
        const id = `${hook.path} ${announcedUpdate(hook)}`;
        byDelivery.set(id, [...(byDelivery.get(id) ?? []), hook]);
      }
      const lost = acked.flatMap((ack) => paths.filter((hookPath) => !byDelivery.has(`${hookPath} ${ack.updateId}`)).map((hookPath) => `${hookPath} ${ack.updateId}`));
      expect(lost).toEqual([]);
      const rekeyed = [...byDelivery].filter(([, copies]) => new Set(copies.map(keyOf)).size !== 1).map(([id]) => id);
      expect(rekeyed).toEqual([]);
      const duplicates = received.length - byDelivery.size;
      console.log(
        `notify crash test: ${acked.length} of ${WRITES} writes acknowledged, ${kills.size} kills, ${byDelivery.size} notifications delivered ` +
          `(${acked.length * paths.length} for acknowledged writes), ${received.length} requests: ${duplicates} duplicates, each with its first copy's idempotency key`,
      );
    } finally {
      await stopServer(server, "SIGKILL");
      await receiver.close().catch(() => {});
      await database.drop();
    }
  });

  test("two instances delivering one burst together: no notification delivered twice within one lease", async () => {
    const paths = Array.from({ length: 5 }, (_, index) => `/pair/${index}`);
    const receiver = await startWebhookReceiver(NOTIFY_PORTS.receiver);
    const arrivals = new Map<ReceivedHook, number>();
    receiver.state.answer = async (hook) => {
      arrivals.set(hook, Date.now());
      // A receiver that takes a moment, so both workers have claims in flight at once.
      await sleep(5);
      return 200;
    };
    const database = await prepareDatabase(testDatabaseUrl!, receiver.url, paths);
    const env = { DATABASE_URL: database.url, NOTIFY_POLL_MS: "50" };
    const LEASE_MS = 120_000;
    const servers: Server[] = [];
    try {
      servers.push(...(await Promise.all(NOTIFY_PORTS.servers.map((port) => startServer(port, env)))));
      const WRITES = 60;
      const PER_INSTANCE = 3;
      let next = 0;
      const results = await Promise.all(
        Array.from({ length: 2 * PER_INSTANCE }, async (_, writer) => {
          const acked = [];
          for (let n = next++; n < WRITES; n = next++) acked.push(await write(servers[writer % 2]!.origin, { incident: { name: `Burst incident ${n}`, body: `write ${n}` } }));
          return acked;
        }),
      );
      const acked = results.flat().filter((result) => result !== null);
      expect(acked.length).toBeGreaterThan(WRITES * 0.8);
      await drained(database.db, 60_000);

      const byKey = new Map<string, number[]>();
      for (const hook of receiver.received) byKey.set(keyOf(hook), [...(byKey.get(keyOf(hook)) ?? []), arrivals.get(hook)!]);
      const announced = new Set(receiver.received.map((hook) => `${hook.path} ${announcedUpdate(hook)}`));
      const lost = acked.flatMap((ack) => paths.map((hookPath) => `${hookPath} ${ack.updateId}`).filter((id) => !announced.has(id)));
      expect(lost).toEqual([]);
      const twiceInOneLease = [...byKey].filter(([, times]) => times.some((time, index) => index > 0 && time - times[index - 1]! < LEASE_MS)).map(([key]) => key);
      expect(twiceInOneLease).toEqual([]);
      console.log(`two instances: ${acked.length} of ${WRITES} writes acknowledged, ${byKey.size} notifications, ${receiver.received.length} deliveries`);
    } finally {
      for (const server of servers) await stopServer(server);
      await receiver.close();
      await database.drop();
    }
  });
});
