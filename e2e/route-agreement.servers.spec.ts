import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { HTTP_METHODS, type HttpMethod } from "../lib/http/methods";
import { ROUTES, routeMethods, type RouteDeclaration } from "../lib/routes/table";
import { nextCli, serverEnv } from "../lib/server/ensure-build";
import { serveCommandArgs } from "../lib/server/serve-command";
import { AGREEMENT_DATA_DIR, AGREEMENT_PORTS, E2E_ADMIN_API_KEY } from "./servers";

/**
 * Every route of the table, every method it answers and one it does not,
 * sent to `npm start` (our app server) and then to `next start` (Next's own
 * server over the same build) on one embedded database: both must answer
 * with the same status, body and headers. Writes are sent with a body the
 * handler refuses (or, for DELETE, an unknown id), so the data both servers
 * read stays the same.
 */
type Answer = { status: number; headers: Record<string, string | null>; body: string };
/** `found`: what a declared GET answers when it finds its record (200, or a redirect's 303). */
type Sent = { method: HttpMethod; path: string; declared: boolean; found: number };

/** GET routes that answer by redirecting: a person following an email's one-click unsubscribe link is sent to the page that asks. */
const REDIRECTING_GETS = new Set(["/api/subscriptions/{token}/unsubscribe"]);

/**
 * Headers both servers set from the response itself. Date, Connection, Keep-Alive and Transfer-Encoding
 * are the server's own; so is compression (the body is compared decoded): Next's server gzips every
 * text answer, ours those of a kilobyte or more (lib/http/compression.ts), and Next adds its own Vary.
 */
const COMPARED_HEADERS = ["content-type", "allow", "etag", "cache-control", "access-control-allow-origin", "access-control-allow-methods", "x-content-type-options", "content-security-policy", "x-frame-options", "referrer-policy", "x-request-id"];
const UNKNOWN_ID = "agreement-unknown-id";
const HEADERS = { authorization: `OAuth ${E2E_ADMIN_API_KEY}` };

test.describe.configure({ timeout: 600_000 });

test("npm start and next start answer every route and method of the table alike", async () => {
  fs.rmSync(AGREEMENT_DATA_DIR, { recursive: true, force: true });
  // No monitor checks on either server: the demo monitors' results would move between the two passes.
  const env = { DATA_DIR: AGREEMENT_DATA_DIR, DATABASE_URL: "", ADMIN_API_KEY: E2E_ADMIN_API_KEY, LOG_LEVEL: "warn", MONITOR_CONCURRENCY: "0" };
  try {
    let requests: Sent[] = [];
    const app = await withServer(spawn(process.execPath, serveCommandArgs(AGREEMENT_PORTS.app), { stdio: ["ignore", "ignore", "inherit"], env: { ...serverEnv, ...env } }), AGREEMENT_PORTS.app, async (origin) => {
      requests = plan(await discoverParams(origin));
      return sendAll(origin, requests);
    });
    const next = await withServer(
      spawn(process.execPath, [nextCli, "start", "-p", String(AGREEMENT_PORTS.next), "-H", "127.0.0.1"], { stdio: ["ignore", "ignore", "inherit"], env: { ...serverEnv, ...env } }),
      AGREEMENT_PORTS.next,
      (origin) => sendAll(origin, requests),
    );

    const differences = requests.flatMap((sent, index) => {
      const [ours, nexts] = [app[index]!, next[index]!];
      return JSON.stringify(ours) === JSON.stringify(nexts) ? [] : [`${sent.method} ${sent.path}\n  npm start:  ${describe(ours)}\n  next start: ${describe(nexts)}`];
    });
    expect(differences).toEqual([]);
    // The answers are the routes' own: a declared GET finds its data, a method the route lacks is refused.
    expect(requests.flatMap((sent, index) => (sent.method === "GET" && sent.declared && app[index]!.status !== sent.found ? [`GET ${sent.path}: ${describe(app[index]!)}`] : []))).toEqual([]);
    expect(requests.flatMap((sent, index) => (!sent.declared && app[index]!.status !== 405 ? [`${sent.method} ${sent.path}: ${describe(app[index]!)}`] : []))).toEqual([]);
  } finally {
    fs.rmSync(AGREEMENT_DATA_DIR, { recursive: true, force: true });
  }
});

/** Each route's declared methods and one it does not answer, on a concrete path. */
function plan(params: (route: RouteDeclaration, name: string) => string): Sent[] {
  return ROUTES.flatMap((route) => {
    const declared = routeMethods(route);
    const refused = HTTP_METHODS.find((method) => method !== "OPTIONS" && !declared.includes(method))!;
    return [...declared, refused].map((method) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(method === "DELETE" && name === "id" ? UNKNOWN_ID : params(route, name)));
      return { method, path, declared: declared.includes(method), found: REDIRECTING_GETS.has(route.path) ? 303 : 200 };
    });
  });
}

async function sendAll(origin: string, requests: readonly Sent[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const [index, { method, path }] of requests.entries()) {
    const writes = method === "POST" || method === "PATCH" || method === "PUT";
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { ...HEADERS, "x-request-id": `agreement-${index}`, ...(writes && { "content-type": "application/json" }) },
      ...(writes && { body: "{" }),
      redirect: "manual",
    });
    answers.push({ status: response.status, headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])), body: await response.text() });
  }
  return answers;
}

/** Real ids from the demo data for each path parameter, so each GET reaches a record. */
async function discoverParams(origin: string): Promise<(route: RouteDeclaration, name: string) => string> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${origin}${path}`, { headers: HEADERS });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const [account] = (await get<{ accounts: Array<{ account: string }> }>("/api/v1/accounts?limit=1&order=desc")).accounts;
  const [collection] = (await get<{ tokens: Array<{ token_id: string }> }>("/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1")).tokens;
  const [nft] = (await get<{ nfts: Array<{ serial_number: number }> }>(`/api/v1/tokens/${collection!.token_id}/nfts?limit=1`)).nfts;
  const [submit] = (await get<{ transactions: Array<{ entity_id: string }> }>("/api/v1/transactions?limit=1&transactiontype=consensussubmitmessage&result=success")).transactions;
  const [message] = (await get<{ messages: Array<{ sequence_number: number; consensus_timestamp: string }> }>(`/api/v1/topics/${submit!.entity_id}/messages?limit=1`)).messages;
  const [schedule] = (await get<{ schedules: Array<{ schedule_id: string }> }>("/api/v1/schedules?limit=1")).schedules;
  const [transaction] = (await get<{ transactions: Array<{ transaction_id: string }> }>("/api/v1/transactions?limit=1")).transactions;
  const [block] = (await get<{ blocks: Array<{ number: number }> }>("/api/v1/blocks?limit=1")).blocks;
  const [contract] = (await get<{ contracts: Array<{ contract_id: string }> }>("/api/v1/contracts?limit=1")).contracts;
  const [result] = (await get<{ results: Array<{ contract_id: string; hash: string; timestamp: string }> }>("/api/v1/contracts/results?limit=1")).results;
  const pageId = (await get<{ page: { id: string } }>("/api/v2/summary.json")).page.id;
  const manage = `/api/manage/v1/pages/${pageId}`;
  const firstId = async (resource: string) => (await get<Array<{ id: string }>>(`${manage}/${resource}`))[0]!.id;
  // The demo data has no subscriber: one is made here, before either server is asked anything else. A
  // webhook, so resending a confirmation is refused (409) and changes nothing either server reads.
  const subscribed = await fetch(`${origin}${manage}/subscribers`, {
    method: "POST",
    headers: { ...HEADERS, "content-type": "application/json" },
    body: JSON.stringify({ subscriber: { endpoint: "https://agreement.example.com/hook" } }),
  });
  expect(subscribed.status).toBe(201);
  const ids: Record<string, string> = {
    components: await firstId("components"),
    "component-groups": await firstId("component-groups"),
    incidents: await firstId("incidents"),
    // The demo's monitors (lib/seed/status/monitors.ts).
    monitors: await firstId("monitors"),
    subscribers: ((await subscribed.json()) as { id: string }).id,
    // No delivery has this id: a retry is refused alike (404).
    "notification-deliveries": "0",
  };
  const values: Record<string, string> = {
    idOrAliasOrEvmAddress: account!.account,
    tokenId: collection!.token_id,
    serialNumber: String(nft!.serial_number),
    topicId: submit!.entity_id,
    sequenceNumber: String(message!.sequence_number),
    timestamp: message!.consensus_timestamp,
    scheduleId: schedule!.schedule_id,
    transactionIdOrHash: transaction!.transaction_id,
    hashOrNumber: String(block!.number),
    contractIdOrAddress: contract!.contract_id,
    page_id: pageId,
    // An unknown token: the token links are POSTs, refused alike and changing nothing.
    token: "agreement-unknown-token",
  };
  // A contract result's routes take that result's contract, timestamp and hash.
  const ofResult: Record<string, string> = { contractIdOrAddress: result!.contract_id, timestamp: result!.timestamp, transactionIdOrHash: result!.hash };
  const isResultRoute = (route: RouteDeclaration) => route.path.startsWith("/api/v1/contracts/") && /\{(timestamp|transactionIdOrHash)\}/.test(route.path);
  return (route, name) => {
    // An {id} belongs to the collection just before it.
    const value = name === "id" ? ids[route.path.split("/{id}")[0]!.split("/").at(-1)!] : isResultRoute(route) ? ofResult[name] : values[name];
    if (value === undefined) throw new Error(`no sample value for {${name}} of ${route.path}`);
    return value;
  };
}

/** Runs `work` against a server once it is ready, then stops the server and waits for it to exit. */
async function withServer<T>(child: ChildProcess, port: number, work: (origin: string) => Promise<T>): Promise<T> {
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
      const ready = await fetch(`${origin}/api/health/ready`).then((response) => response.ok, () => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the server on port ${port} was not ready in time`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return await work(origin);
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  }
}

function describe(answer: Answer): string {
  return `${answer.status} ${JSON.stringify(answer.headers)} ${answer.body.slice(0, 300)}`;
}
