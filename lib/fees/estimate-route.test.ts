import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { createScratchDatabase } from "@/lib/db/testing/postgres";
import { route } from "@/lib/http/handler";
import { closeMirrorDatabase } from "@/lib/mirror/db";
import { estimateFees } from "./estimate-route";
import { writeFeeStateFixtures } from "./testing/mirror-state-fixtures";
import { transactionBytes } from "./testing/transactions";

const testUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/**
 * The served route, configured as a deployment beside a real mirror node:
 * the app's own database (DATABASE_URL) holds no mirror rows, the mirror's
 * (MIRROR_DATABASE_URL) holds the topic. STATE must price it from the latter.
 */
describe.skipIf(!testUrl)("STATE with MIRROR_DATABASE_URL (TEST_DATABASE_URL)", () => {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, MIRROR_DATABASE_URL: process.env.MIRROR_DATABASE_URL };
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const [app, mirror] = await Promise.all([createScratchDatabase(testUrl!), createScratchDatabase(testUrl!)]);
    drops.push(app.drop, mirror.drop);
    // The mirror node's database: its tables (our migrations carry upstream's layout) and one topic with a custom fee.
    const mirrorDb = await openDatabase({ kind: "postgres", url: mirror.url }, { poolSize: 1 });
    await migrate(mirrorDb.sql, readMigrations());
    await writeFeeStateFixtures(mirrorDb.sql, { topics: [{ id: "0.0.7001", custom_fees: true }] });
    await mirrorDb.close();
    process.env.DATABASE_URL = app.url;
    process.env.MIRROR_DATABASE_URL = mirror.url;
  });

  afterAll(async () => {
    await closeMirrorDatabase();
    await (await getDatabase()).close();
    Object.assign(process.env, saved);
    for (const drop of drops) await drop();
  });

  const submit = (topicNum: number, mode: string) =>
    route(estimateFees)(
      new Request(`http://x/api/v1/network/fees?mode=${mode}`, {
        method: "POST",
        headers: { "content-type": "application/protobuf" },
        body: Uint8Array.from(transactionBytes({ consensusSubmitMessage: { topicID: { topicNum }, message: new Uint8Array(128) } })),
      }),
    );

  it("prices a topic the mirror database holds from that database, with no note", async () => {
    const response = await submit(7001, "STATE");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { total: number; notes?: string[] };
    expect(body.notes).toBeUndefined();
    // A topic with a custom fee costs the custom-fee rate: more than the same message INTRINSIC.
    const intrinsic = (await (await submit(7001, "INTRINSIC")).json()) as { total: number };
    expect(body.total).toBeGreaterThan(intrinsic.total);
  });

  it("still notes a topic neither database holds", async () => {
    const body = (await (await submit(7002, "STATE")).json()) as { notes: string[] };
    expect(body.notes).toEqual(["Topic 0.0.7002 not found; priced as worst case (custom fee)"]);
  });
});
