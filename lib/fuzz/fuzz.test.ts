import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { seedDemoData } from "@/lib/seed/demo-data";
import { dispatchServed } from "@/lib/routes/served";
import { createRequestListener } from "@/lib/server/request-listener";
import { describeRequest } from "./request";
import { defaultTargets, runFuzz } from "./runner";

/**
 * A fixed-seed short run of `npm run fuzz` against the app server's API
 * listener (the one `npm start` serves, minus the pages Next would answer)
 * on an embedded database with the demo ledger.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fuzz-test-"));
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = "";

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const db = await getDatabase();
  await seedDemoData(db, { now: new Date("2026-01-15T12:00:00Z"), mirror: { scale: 1 } });
  server = createServer(
    createRequestListener(dispatchServed, (request, reply) => {
      // Every generated path belongs to the API; anything else reaching Next's place is a finding.
      reply.writeHead(404, { "content-type": "text/plain" }).end(`not an API route: ${request.method} ${request.url}`);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await (await getDatabase()).close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("answers a fixed-seed run of fuzzed fee and contract call bodies and mirror queries without a 5xx, a hang or a body outside the envelope", async () => {
  const report = await runFuzz({ baseUrl, targets: defaultTargets(), requests: 1500, seconds: 6, seed: "npm-test", connections: 4, timeoutMs: 10_000 });
  const findings = [...report.serverErrors, ...report.hangs, ...report.nonEnvelope, ...report.transportErrors];
  expect(
    findings.map((finding) => `${describeRequest(finding.request)} → ${finding.status ?? finding.error ?? "no answer"} ${finding.body ?? ""}`),
  ).toEqual([]);
  expect(report.sent).toBeGreaterThan(100);
  // Every family was exercised, and the server said more than "bad request".
  expect([...report.byTarget.keys()].sort()).toEqual(["contract calls", "fee bodies", "mirror queries"]);
  expect([...report.byStatus.keys()]).toEqual(expect.arrayContaining([200, 400, 413, 415]));
}, 60_000);
