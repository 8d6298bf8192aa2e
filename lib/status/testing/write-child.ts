/**
 * Test-only: a process that writes through the manage API's own handlers
 * (the production route bindings: the process database, the system clock)
 * as fast as it can, four writers at once, and prints `ack <kind> <id>` for
 * each write the API acknowledged, so a test can SIGKILL it mid-write and
 * check every acknowledged write afterwards. CRASH_KEY is the key it uses.
 */
import { getDatabase } from "@/lib/db";
import { route } from "@/lib/http/handler";
import { seedDemoData } from "@/lib/seed/demo-data";
import { ensureBootstrapApiKey } from "../manage/bootstrap-key";
import { manageApi } from "../manage/routes";

const key = process.env.CRASH_KEY!;
const db = await getDatabase();
await seedDemoData(db, { now: new Date() });
await ensureBootstrapApiKey(db, key, new Date());
const page = await db.prisma.page.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
console.log("ready");

const writes = [
  { kind: "component", handler: manageApi.createComponent, body: (n: number) => ({ component: { name: `crash component ${n}` } }) },
  { kind: "incident", handler: manageApi.createIncident, body: (n: number) => ({ incident: { name: `crash incident ${n}`, body: `update ${n}` } }) },
] as const;
let next = 0;

async function writer(): Promise<never> {
  for (;;) {
    const n = next++;
    const write = writes[n % writes.length]!;
    const request = new Request("http://crash.internal/", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(write.body(n)),
    });
    const response = await route(write.handler)(request, { params: Promise.resolve({ page_id: page.id }) });
    if (response.status !== 201) throw new Error(`write ${n} answered ${response.status}: ${await response.text()}`);
    process.stdout.write(`ack ${write.kind} ${((await response.json()) as { id: string }).id}\n`);
  }
}

await Promise.all(Array.from({ length: 4 }, writer));
