import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/api-key";
import type { Handler } from "@/lib/http/handler";
import { route } from "@/lib/http/handler";
import { ensureBootstrapApiKey } from "./manage/bootstrap-key";
import { createNotifier, DEFAULT_POLICY } from "./notify/worker";
import { mailerFromEnv } from "./notify/email";
import { SIGNATURE_HEADER, verifySignature } from "./notify/signature";
import { suiteReceivers } from "./notify/testing/suite-receivers";
import { createSubscriptionLinkHandlers } from "./subscription-links-api";
import type { ComponentV1, GroupV1 } from "./testing/harness";
import { json, statusHarness } from "./testing/harness";

/**
 * A visitor's subscribe endpoint (POST /api/subscriptions): validation, the
 * limits per client address and per email address or URL (kept in the
 * database: two handler sets standing for two instances share them), the
 * same answer for a new and a known address, and the token routes that
 * change or end a subscription. Real SMTP server and webhook receiver
 * (ports in this suite's range).
 */
const START = new Date("2026-11-25T12:00:00.000Z");
const KEY = "sk_subscribe_test_key_0123456789abcdefghijk";
const receivers = suiteReceivers();

forEachDatabase((getDb, kind) => {
  const h = statusHarness(getDb, START);
  const limits = { perClient: 5, perAddress: 2 };
  // Two instances' handlers over one database: the limits must hold across them.
  const instances = [0, 1].map(() => createSubscriptionLinkHandlers({ getDb: async () => getDb(), clock: h.now, limits }));
  const ids = { a: "", b: "", group: "", member1: "", member2: "" };
  let client = 0;
  /** Each test its own client address, so one test's counts never reach another's. */
  const freshClient = () => `203.0.113.${++client}`;
  const nextMinute = () => (h.clock.time = new Date(h.clock.time.getTime() + 60_000));

  function subscribe(body: unknown, options: { from: string; instance?: number; form?: string; accept?: string }): Promise<Response> {
    const headers: Record<string, string> = {
      [CLIENT_ADDRESS_HEADER]: options.from,
      "content-type": options.form === undefined ? "application/json" : "application/x-www-form-urlencoded",
      ...(options.accept && { accept: options.accept }),
    };
    const request = new Request("http://localhost/api/subscriptions", { method: "POST", headers, body: options.form ?? JSON.stringify(body) });
    return route(instances[options.instance ?? 0]!.subscribe)(request, { params: Promise.resolve({}) });
  }
  const byToken = (handler: Handler, token: string, body?: unknown) =>
    route(handler)(
      new Request("http://localhost/", { method: body === undefined ? "POST" : "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) }),
      { params: Promise.resolve({ token }) },
    );
  const subscriberOf = (where: { email: string } | { endpoint: string }) => getDb().prisma.subscriber.findMany({ where });
  const notifier = () =>
    createNotifier({ db: getDb(), clock: h.now, mailer: mailerFromEnv({ SMTP_URL: receivers.smtp.url }), policy: { ...DEFAULT_POLICY, webhookTimeoutMs: 5_000 }, env: {} });
  async function drain() {
    const worker = notifier();
    for (let i = 0; i < 20; i++) {
      const report = await worker.pass();
      if (report.events + report.delivered + report.failed + report.dead === 0) return;
    }
    throw new Error("outbox never drained");
  }
  const mailsTo = (address: string) => receivers.smtp.mails.filter((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === address);

  beforeAll(async () => {
    // Each database's suite reads only its own mail.
    receivers.smtp.mails.length = 0;
    await h.createPage();
    await ensureBootstrapApiKey(getDb(), KEY, START);
    const create = async (component: Record<string, unknown>) =>
      (await json<ComponentV1>(await h.call(h.manageApi.createComponent, { key: KEY, body: { component } }))).id;
    ids.a = await create({ name: "A" });
    ids.b = await create({ name: "B" });
    ids.member1 = await create({ name: "Member 1" });
    ids.member2 = await create({ name: "Member 2" });
    const group = await h.call(h.manageApi.createComponentGroup, { key: KEY, body: { component_group: { name: "Group", components: [ids.member1, ids.member2] } } });
    ids.group = (await json<GroupV1>(group)).id;
  });

  describe("validation", () => {
    const refused = [
      ["no address", { subscriber: {} }],
      ["both an email and a URL", { subscriber: { email: "x@example.com", endpoint: "https://x.example.com/hook" } }],
      ["a malformed email", { subscriber: { email: "not an address" } }],
      ["a URL of another scheme", { subscriber: { endpoint: "ftp://x.example.com/hook" } }],
      ["an unknown component", { subscriber: { email: "x@example.com", component_ids: ["nosuchcompon"] } }],
      ["an unknown group", { subscriber: { email: "x@example.com", group_ids: ["nosuchgroup0"] } }],
      ["no subscriber object", { email: "x@example.com" }],
    ] as const;
    it.each(refused)("refuses %s with 400, and subscribes nobody", async (_name, body) => {
      nextMinute();
      const response = await subscribe(body, { from: freshClient() });
      expect(response.status).toBe(400);
      expect(await getDb().prisma.subscriber.count({ where: { email: "x@example.com" } })).toBe(0);
    });

    it("sends a browser's refused form back to the subscribe page naming the field, never the address", async () => {
      nextMinute();
      const response = await subscribe(null, { from: freshClient(), form: "subscriber%5Bemail%5D=bad%40&subscriber%5Bendpoint%5D=", accept: "text/html" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/subscribe?error=email");
      const neither = await subscribe(null, { from: freshClient(), form: "subscriber%5Bemail%5D=&subscriber%5Bendpoint%5D=", accept: "text/html" });
      expect(neither.headers.get("location")).toBe("/subscribe?error=choice");
    });
  });

  describe("a subscription", () => {
    it("by email is pending, covers the chosen components and every member of a chosen group, and its confirmation mail arrives", async () => {
      nextMinute();
      const form = `subscriber%5Bemail%5D=Visitor%40Example.com&subscriber%5Bendpoint%5D=&subscriber%5Bcomponent_ids%5D%5B%5D=${ids.a}&subscriber%5Bgroup_ids%5D%5B%5D=${ids.group}`;
      const response = await subscribe(null, { from: freshClient(), form, accept: "text/html,application/xhtml+xml" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/subscribe?sent=email");
      const [row] = await subscriberOf({ email: "visitor@example.com" });
      expect(row?.confirmedAt).toBeNull();
      expect(new Set(row?.componentIds)).toEqual(new Set([ids.a, ids.member1, ids.member2]));
      await drain();
      const [mail] = mailsTo("visitor@example.com");
      expect(mail?.subject).toBe("Confirm your subscription to Hedera Status");
      expect(mail?.text).toContain(`/subscriptions/confirm/${row!.confirmToken}`);
      expect(mail?.text).toContain(`/subscriptions/${row!.manageToken}`);
    });

    it("answers a new, a pending and a confirmed address alike (no enumeration); a known one gets its links again, and no second row", async () => {
      nextMinute();
      const answers: unknown[] = [];
      const send = async () => {
        const response = await subscribe({ subscriber: { email: "known@example.com" } }, { from: freshClient() });
        answers.push([response.status, await response.text(), response.headers.get("location")]);
      };
      await send();
      await send();
      const [row] = await subscriberOf({ email: "known@example.com" });
      await byToken(instances[0]!.confirmSubscription, row!.confirmToken);
      nextMinute();
      await send();
      expect(answers).toEqual([answers[0], answers[0], answers[0]]);
      expect(answers[0]).toEqual([202, JSON.stringify({ status: "confirmation_sent", mode: "email" }), null]);
      expect(await subscriberOf({ email: "known@example.com" })).toHaveLength(1);
      await drain();
      expect(mailsTo("known@example.com").map((mail) => mail.text?.includes(`/subscriptions/${row!.manageToken}`))).toEqual([true, true, true]);
    });

    it("by webhook is pending until the confirm_url posted to the endpoint, signed, is followed", async () => {
      nextMinute();
      const endpoint = receivers.webhook.url(`/${kind}/visitor-hook`);
      const response = await subscribe({ subscriber: { endpoint } }, { from: freshClient() });
      expect(await response.json()).toEqual({ status: "confirmation_sent", mode: "webhook" });
      const [row] = await subscriberOf({ endpoint });
      expect(row?.confirmedAt).toBeNull();
      await drain();
      const hook = receivers.webhook.received.find((entry) => entry.path === `/${kind}/visitor-hook`)!;
      expect(verifySignature(row!.webhookSecret!, String(hook.headers[SIGNATURE_HEADER]), hook.body, h.now())).toEqual({ ok: true });
      const body = JSON.parse(hook.body) as { meta: { event: string }; subscription: { confirm_url: string; manage_url: string } };
      expect(body.meta.event).toBe("subscriber.confirmation");
      expect(body.subscription.manage_url).toBe(`https://status.example.com/subscriptions/${row!.manageToken}`);
      const token = /\/subscriptions\/confirm\/([\w-]+)$/.exec(body.subscription.confirm_url)![1]!;
      expect(await (await byToken(instances[1]!.confirmSubscription, token)).json()).toEqual({ confirmed: true, unsubscribed: false });
    });
  });

  describe("rate limits, in the database", () => {
    it("per client address: the sixth request in a minute is refused with Retry-After, whichever instance gets it, invalid ones counted", async () => {
      nextMinute();
      const from = freshClient();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await subscribe({ subscriber: i === 0 ? {} : { email: `ip${i}@example.com` } }, { from, instance: i % 2 })).status);
      const refused = await subscribe({ subscriber: { email: "ip-last@example.com" } }, { from, instance: 1 });
      expect([...statuses, refused.status]).toEqual([400, 202, 202, 202, 202, 429]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await subscriberOf({ email: "ip-last@example.com" })).toHaveLength(0);
      expect((await subscribe({ subscriber: { email: "ip-last@example.com" } }, { from: freshClient() })).status).toBe(202);
      nextMinute();
      expect((await subscribe({ subscriber: { email: "ip-later@example.com" } }, { from })).status).toBe(202);
    });

    it("per email address, any case and any client: the third in a minute is refused, another address is not", async () => {
      nextMinute();
      const statuses = [];
      for (const [index, email] of ["flood@example.com", "FLOOD@example.com", "Flood@Example.com"].entries()) {
        statuses.push((await subscribe({ subscriber: { email } }, { from: freshClient(), instance: index % 2 })).status);
      }
      expect(statuses).toEqual([202, 202, 429]);
      expect((await subscribe({ subscriber: { email: "other@example.com" } }, { from: freshClient() })).status).toBe(202);
    });

    it("per webhook URL", async () => {
      nextMinute();
      const endpoint = "https://hooks.example.com/flooded";
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await subscribe({ subscriber: { endpoint } }, { from: freshClient() })).status);
      expect(statuses).toEqual([202, 202, 429]);
    });

    it("a refused browser form lands on the subscribe page saying so", async () => {
      nextMinute();
      const form = "subscriber%5Bemail%5D=limited%40example.com";
      for (let i = 0; i < 2; i++) await subscribe(null, { from: freshClient(), form, accept: "text/html" });
      const response = await subscribe(null, { from: freshClient(), form, accept: "text/html" });
      expect(response.headers.get("location")).toBe("/subscribe?error=rate_limited");
    });

    it("keeps no address in the counters", async () => {
      const subjects = await getDb().sql.query<{ api_key_id: string }>("SELECT api_key_id FROM status.rate_limit_window WHERE api_key_id LIKE 'subscribe:%'");
      expect(subjects.length).toBeGreaterThan(0);
      expect(subjects.filter((row) => /@|hooks\.example/.test(row.api_key_id))).toEqual([]);
    });
  });

  describe("the manage token", () => {
    it("changes the components (a group is its members), then unsubscribes; an ended subscription is not changed", async () => {
      nextMinute();
      await subscribe({ subscriber: { email: "manage@example.com" } }, { from: freshClient() });
      const [row] = await subscriberOf({ email: "manage@example.com" });
      const links = instances[0]!;
      const changed = await byToken(links.changeComponents, row!.manageToken, { subscriber: { component_ids: [ids.b], group_ids: [ids.group] } });
      const body = await json<{ component_ids: string[] }>(changed);
      expect(new Set(body.component_ids)).toEqual(new Set([ids.b, ids.member1, ids.member2]));
      expect(await (await byToken(links.changeComponents, row!.manageToken, { subscriber: {} })).json()).toEqual({ confirmed: false, unsubscribed: false, component_ids: [] });
      expect((await byToken(links.changeComponents, row!.manageToken, { subscriber: { component_ids: ["nosuchcompon"] } })).status).toBe(400);
      expect((await byToken(links.changeComponents, "nosuchtoken", { subscriber: {} })).status).toBe(404);
      expect(await (await byToken(links.unsubscribe, row!.manageToken)).json()).toEqual({ confirmed: false, unsubscribed: true });
      expect((await byToken(links.changeComponents, row!.manageToken, { subscriber: {} })).status).toBe(409);
    });

    it("a GET of the one-click URL only redirects to the page that asks", async () => {
      const [row] = await subscriberOf({ email: "visitor@example.com" });
      const response = await route(instances[0]!.unsubscribePage)(new Request("http://localhost/"), { params: Promise.resolve({ token: row!.manageToken }) });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/subscriptions/${row!.manageToken}/unsubscribe`);
      expect((await getDb().prisma.subscriber.findUniqueOrThrow({ where: { id: row!.id } })).unsubscribedAt).toBeNull();
    });
  });

  describe("dead letters (manage API)", () => {
    it("lists dead deliveries with their last error; a retry queues one again, once, keeping its idempotency key", async () => {
      nextMinute();
      const endpoint = receivers.webhook.url(`/${kind}/dead-hook`);
      const created = await h.call(h.manageApi.createSubscriber, { key: KEY, body: { subscriber: { endpoint } } });
      const subscriberId = (await json<{ id: string }>(created)).id;
      await h.call(h.manageApi.updateComponent, { key: KEY, method: "PATCH", params: { id: ids.a }, body: { component: { status: "major_outage" } } });
      receivers.webhook.state.answer = (hook) => (hook.path === `/${kind}/dead-hook` ? 500 : 200);
      const worker = createNotifier({
        db: getDb(),
        clock: h.now,
        mailer: mailerFromEnv({ SMTP_URL: receivers.smtp.url }),
        policy: { ...DEFAULT_POLICY, maxAttempts: 1, webhookTimeoutMs: 5_000 },
        env: {},
      });
      for (let i = 0; i < 5; i++) await worker.pass();
      const list = await h.call(h.manageApi.listDeliveries, { key: KEY });
      const dead = (await json<{ id: string; subscriber_id: string; state: string; last_error: string; idempotency_key: string }[]>(list)).find(
        (row) => row.subscriber_id === subscriberId,
      )!;
      expect(dead).toMatchObject({ state: "dead", last_error: "webhook answered 500" });
      receivers.webhook.state.answer = () => 200;
      const retried = await h.call(h.manageApi.retryDelivery, { key: KEY, method: "POST", params: { id: dead.id } });
      expect(await json(retried)).toMatchObject({ id: dead.id, state: "pending", attempts: 0, idempotency_key: dead.idempotency_key });
      expect((await h.call(h.manageApi.retryDelivery, { key: KEY, method: "POST", params: { id: dead.id } })).status).toBe(409);
      await drain();
      const hooks = receivers.webhook.received.filter((hook) => hook.path === `/${kind}/dead-hook`);
      expect(hooks.at(-1)?.headers["x-status-idempotency-key"]).toBe(dead.idempotency_key);
      const [delivery] = await getDb().prisma.notificationDelivery.findMany({ where: { id: BigInt(dead.id) } });
      expect(delivery?.state).toBe("delivered");
      expect((await h.call(h.manageApi.retryDelivery, { key: KEY, method: "POST", params: { id: "999999" } })).status).toBe(404);
    });
  });
});
