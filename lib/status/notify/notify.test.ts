import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import type { Handler } from "@/lib/http/handler";
import { route } from "@/lib/http/handler";
import { applyDueTransitions } from "../manage/apply-due-transitions";
import { ensureBootstrapApiKey } from "../manage/bootstrap-key";
import { createSubscriptionLinkHandlers } from "../subscription-links-api";
import type { ComponentV1, IncidentV1 } from "../testing/harness";
import { json, statusHarness, TEST_PAGE } from "../testing/harness";
import { mailerFromEnv } from "./email";
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, signatureHeader, verifySignature } from "./signature";
import type { ReceivedHook } from "./testing/receivers";
import { suiteReceivers } from "./testing/suite-receivers";
import { createNotifier, retryDelay, DEFAULT_POLICY, startNotificationWorker } from "./worker";

/**
 * Subscribers and delivery end to end with real parts: the manage API's
 * writes, the outbox, the workers, a real SMTP server and a real HTTP
 * receiver (ports in this suite's range).
 */
const START = new Date("2026-11-24T10:00:00.000Z");
const KEY = "sk_notify_test_key_0123456789abcdefghijklmnop";
const receivers = suiteReceivers();

type Hook = { meta: { unsubscribe: string; event: string }; page: { id: string; status_indicator: string }; incident?: IncidentV1; component_update?: { new_status: string; component_id: string } };
const parsed = (hook: ReceivedHook) => JSON.parse(hook.body) as Hook;
const to = (mail: (typeof receivers.smtp.mails)[number]) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

forEachDatabase((getDb, kind) => {
  const h = statusHarness(getDb, START);
  const api = h.manageApi;
  const admin = (handler: Parameters<typeof h.call>[0], options: Parameters<typeof h.call>[1] = {}) => h.call(handler, { key: KEY, ...options });
  const later = (ms: number) => (h.clock.time = new Date(h.clock.time.getTime() + ms));
  const components = { a: "", b: "", c: "" };
  const secrets = new Map<string, string>();
  const policy = { ...DEFAULT_POLICY, maxAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 4_000, webhookTimeoutMs: 5_000 };
  const notifier = () => createNotifier({ db: getDb(), clock: h.now, mailer: mailerFromEnv({ SMTP_URL: receivers.smtp.url }), policy, env: {} });

  /** Passes until nothing is due now. */
  async function drain(worker = notifier()) {
    for (let i = 0; i < 100; i++) {
      const report = await worker.pass();
      if (report.events + report.delivered + report.failed + report.dead === 0) return;
    }
    throw new Error("outbox never drained");
  }

  async function subscribe(subscriber: Record<string, unknown>): Promise<string> {
    const response = await admin(api.createSubscriber, { body: { subscriber } });
    expect(response.status, await response.clone().text()).toBe(201);
    const body = await json<{ id: string; webhook_secret?: string; endpoint: string | null }>(response);
    if (body.webhook_secret) secrets.set(body.endpoint!, body.webhook_secret);
    return body.id;
  }

  beforeAll(async () => {
    receivers.smtp.mails.length = 0;
    receivers.webhook.received.length = 0;
    receivers.webhook.state.answer = () => 200;
    await h.createPage();
    await ensureBootstrapApiKey(getDb(), KEY, START);
    for (const name of ["a", "b", "c"] as const) {
      components[name] = (await json<ComponentV1>(await admin(api.createComponent, { body: { component: { name: `Component ${name}` } } }))).id;
    }
  });

  describe("an incident's lifecycle", () => {
    beforeAll(async () => {
      await subscribe({ email: "page@example.com", skip_confirmation_notification: true });
      await subscribe({ email: "a@example.com", component_ids: [components.a], skip_confirmation_notification: true });
      await subscribe({ email: "c@example.com", component_ids: [components.c], skip_confirmation_notification: true });
      await subscribe({ email: "pending@example.com" });
      await subscribe({ endpoint: receivers.webhook.url(`/${kind}/page`) });
      await subscribe({ endpoint: receivers.webhook.url(`/${kind}/a`), component_ids: [components.a] });
      await subscribe({ endpoint: receivers.webhook.url(`/${kind}/c`), component_ids: [components.c] });

      const created = await json<IncidentV1>(
        await admin(api.createIncident, { body: { incident: { name: "Consensus stalls", body: "Looking.", components: { [components.a]: "partial_outage" } } } }),
      );
      const patch = (incident: Record<string, unknown>) => {
        later(60_000);
        return admin(api.updateIncident, { method: "PATCH", params: { id: created.id }, body: { incident } });
      };
      expect((await patch({ status: "identified", body: "Found it." })).status).toBe(200);
      expect((await patch({ body: "A quiet note.", deliver_notifications: false })).status).toBe(200);
      expect((await patch({ status: "resolved", body: "Fixed.", components: { [components.a]: "operational" } })).status).toBe(200);
      await drain();
    });

    it("emails the page's and component A's confirmed subscribers each notifying update, and the unconfirmed one only its confirmation", () => {
      // A batch is sent concurrently, so arrival order is not asserted.
      const subjects = (address: string) => receivers.smtp.mails.filter((mail) => to(mail) === address).map((mail) => mail.subject).sort();
      const incidentSubjects = ["[Hedera Status] Incident update: Consensus stalls", "[Hedera Status] New incident: Consensus stalls", "[Hedera Status] Resolved: Consensus stalls"];
      expect(subjects("page@example.com")).toEqual(incidentSubjects);
      expect(subjects("a@example.com")).toEqual(incidentSubjects);
      expect(subjects("pending@example.com")).toEqual(["Confirm your subscription to Hedera Status"]);
      expect(receivers.smtp.mails).toHaveLength(7);
    });

    it("sends plain text and HTML, the manage link and RFC 8058 one-click unsubscribe headers", () => {
      const mail = receivers.smtp.mails.find((candidate) => to(candidate) === "page@example.com" && candidate.subject?.startsWith("[Hedera Status] Resolved"))!;
      expect(mail.text).toContain("Resolved - Fixed.");
      expect(mail.text).toContain(`${TEST_PAGE.url}/incidents/`);
      expect(mail.html).toContain("<strong>Resolved</strong> - Fixed.");
      const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ");
      expect(header("list-unsubscribe")).toMatch(new RegExp(`^List-Unsubscribe: <${TEST_PAGE.url}/api/subscriptions/[\\w-]+/unsubscribe>$`));
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mail.text).toMatch(new RegExp(`Manage your subscription or unsubscribe: ${TEST_PAGE.url}/subscriptions/[\\w-]+`));
      const confirmation = receivers.smtp.mails.find((candidate) => to(candidate) === "pending@example.com")!;
      expect(confirmation.text).toMatch(new RegExp(`${TEST_PAGE.url}/subscriptions/confirm/[\\w-]+`));
    });

    it("posts Statuspage's webhook payloads to page and component A webhooks, none to component C's", () => {
      const events = (path: string) => receivers.webhook.received.filter((hook) => hook.path === `/${kind}/${path}`).map((hook) => parsed(hook).meta.event).sort();
      const expected = ["component.updated", "component.updated", "incident.created", "incident.resolved", "incident.updated"];
      expect(events("page")).toEqual(expected);
      expect(events("a")).toEqual(expected);
      expect(events("c")).toEqual([]);
      const resolved = parsed(receivers.webhook.received.find((hook) => hook.path === `/${kind}/page` && parsed(hook).meta.event === "incident.resolved")!);
      expect(resolved.page.id).toBe(TEST_PAGE.id);
      expect(resolved.page.status_indicator).toBe("none");
      expect(resolved.incident?.status).toBe("resolved");
      expect(resolved.incident?.incident_updates.map((update) => update.body)).toEqual(["Fixed.", "A quiet note.", "Found it.", "Looking."]);
      const outage = receivers.webhook.received.map(parsed).find((hook) => hook.component_update?.new_status === "partial_outage")!;
      expect(outage.component_update?.component_id).toBe(components.a);
    });

    it("signs every webhook: the documented check passes, and fails for a tampered body or an old timestamp", () => {
      const hooks = receivers.webhook.received.filter((hook) => hook.path.startsWith(`/${kind}/`));
      expect(hooks.length).toBeGreaterThan(0);
      for (const hook of hooks) {
        const secret = secrets.get(receivers.webhook.url(hook.path))!;
        const header = String(hook.headers[SIGNATURE_HEADER]);
        expect(verifySignature(secret, header, hook.body, h.now())).toEqual({ ok: true });
        expect(verifySignature(secret, header, hook.body.replace("{", '{"x":1,'), h.now())).toEqual({ ok: false, reason: "mismatch" });
        expect(verifySignature(secret, header, hook.body, new Date(h.now().getTime() + 301_000))).toEqual({ ok: false, reason: "expired" });
        expect(verifySignature("whsec_someone_else", header, hook.body, h.now())).toEqual({ ok: false, reason: "mismatch" });
      }
      expect(verifySignature("k", signatureHeader("k", "{}", h.now()).replace("v1=", "v1=0"), "{}", h.now())).toEqual({ ok: false, reason: "malformed" });
    });

    it("left every delivery delivered, one per subscriber and event", async () => {
      const states = await getDb().sql.query<{ state: string; count: bigint | number }>(
        "SELECT state, count(*) AS count FROM status.notification_delivery GROUP BY state",
      );
      expect(states.map((row) => [row.state, Number(row.count)])).toEqual([["delivered", 7 + 10]]);
    });
  });

  describe("token links", () => {
    const links = createSubscriptionLinkHandlers({ getDb: async () => getDb(), clock: h.now });
    const post = (handler: Handler, token: string) =>
      route(handler)(new Request("http://localhost/", { method: "POST", body: "List-Unsubscribe=One-Click" }), { params: Promise.resolve({ token }) });
    const mailsTo = (address: string) => receivers.smtp.mails.filter((mail) => to(mail) === address);

    it("the confirmation link's token confirms; the next incident reaches the new subscriber", async () => {
      const token = /\/subscriptions\/confirm\/([\w-]+)/.exec(mailsTo("pending@example.com")[0]!.text!)![1]!;
      const response = await post(links.confirmSubscription, token);
      expect(await response.json()).toEqual({ confirmed: true, unsubscribed: false });
      expect((await post(links.confirmSubscription, "not-a-token")).status).toBe(404);
      await admin(api.createIncident, { body: { incident: { name: "After confirming" } } });
      await drain();
      expect(mailsTo("pending@example.com").map((mail) => mail.subject)).toContain("[Hedera Status] New incident: After confirming");
    });

    it("a POST to the List-Unsubscribe URL unsubscribes (RFC 8058 one-click); nothing more is sent", async () => {
      const header = mailsTo("a@example.com")[0]!.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
      const token = /\/api\/subscriptions\/([\w-]+)\/unsubscribe/.exec(header)![1]!;
      expect(await (await post(links.unsubscribe, token)).json()).toEqual({ confirmed: true, unsubscribed: true });
      const before = mailsTo("a@example.com").length;
      await admin(api.createIncident, { body: { incident: { name: "After unsubscribing", components: { [components.a]: "degraded_performance" } } } });
      await drain();
      expect(mailsTo("a@example.com")).toHaveLength(before);
      expect(mailsTo("page@example.com").map((mail) => mail.subject)).toContain("[Hedera Status] New incident: After unsubscribing");
      const [entry] = await getDb().prisma.auditLogEntry.findMany({ orderBy: { id: "desc" }, where: { action: "subscriber.unsubscribe" } });
      expect(entry?.actor).toBe("subscriber");
    });
  });

  describe("the maintenance reminder", () => {
    const HOUR = 3_600_000;
    type Maintenance = IncidentV1 & { scheduled_remind_prior: boolean; scheduled_reminded_at: string | null };
    const reminders = (path: string) =>
      receivers.webhook.received.filter((hook) => hook.path === `/${kind}/${path}` && parsed(hook).meta.event === "maintenance.reminder").map(parsed);
    const remindedMails = () => receivers.smtp.mails.filter((mail) => mail.subject?.startsWith("[Hedera Status] Maintenance starts in 1 hour: "));
    const get = async (id: string) => json<Maintenance>(await admin(api.getIncident, { params: { id } }));
    let maintenance: Maintenance;
    let start: Date;

    beforeAll(async () => {
      receivers.webhook.state.answer = () => 200;
      start = new Date(h.now().getTime() + 3 * HOUR);
      const window = { scheduled_for: start.toISOString(), scheduled_until: new Date(start.getTime() + HOUR).toISOString() };
      const create = (name: string, remind: boolean) =>
        admin(api.createIncident, { body: { incident: { name, ...window, scheduled_remind_prior: remind, components: { [components.a]: "under_maintenance" } } } });
      const response = await create("Database upgrade", true);
      expect(response.status, await response.clone().text()).toBe(201);
      maintenance = await json<Maintenance>(response);
      expect((await create("Quiet upgrade", false)).status).toBe(201);
      await drain();
    });

    it("the manage API shows scheduled_remind_prior, and scheduled_reminded_at null until the reminder", () => {
      expect(maintenance).toMatchObject({ scheduled_remind_prior: true, scheduled_reminded_at: null });
    });

    it("nothing before 60 minutes ahead", async () => {
      h.clock.time = new Date(start.getTime() - HOUR - 1_000);
      expect(await applyDueTransitions(getDb(), h.now)).toBe(0);
      await drain();
      expect(reminders("page")).toEqual([]);
    });

    it("at 60 minutes ahead, one reminder however many schedulers run at once, to the subscribers the maintenance concerns", async () => {
      h.clock.time = new Date(start.getTime() - HOUR);
      const applied = await Promise.all([1, 2, 3].map(() => applyDueTransitions(getDb(), h.now)));
      expect(applied.reduce((sum, count) => sum + count, 0)).toBe(1);
      later(60_000);
      expect(await applyDueTransitions(getDb(), h.now)).toBe(0);
      await drain();
      for (const path of ["page", "a"]) {
        expect(reminders(path).map((hook) => hook.incident?.name)).toEqual(["Database upgrade"]);
      }
      expect(reminders("c")).toEqual([]);
      expect(remindedMails().map(to).sort()).toEqual(["page@example.com", "pending@example.com"]);
      expect(remindedMails()[0]!.subject).toBe("[Hedera Status] Maintenance starts in 1 hour: Database upgrade");
      expect(await get(maintenance.id)).toMatchObject({ status: "scheduled", scheduled_reminded_at: new Date(start.getTime() - HOUR).toISOString() });
      const audits = await getDb().prisma.auditLogEntry.findMany({ where: { action: "scheduled_maintenance.remind", entityId: maintenance.id } });
      expect(audits).toHaveLength(1);
    });

    it("a window moved to a later start is reminded again before it; none after the start", async () => {
      start = new Date(start.getTime() + 2 * HOUR);
      const moved = await admin(api.updateIncident, {
        method: "PATCH",
        params: { id: maintenance.id },
        body: { incident: { scheduled_for: start.toISOString(), scheduled_until: new Date(start.getTime() + HOUR).toISOString() } },
      });
      expect(await json<Maintenance>(moved)).toMatchObject({ scheduled_reminded_at: null });
      h.clock.time = new Date(start.getTime() - HOUR / 2);
      expect(await applyDueTransitions(getDb(), h.now)).toBe(1);
      await drain();
      expect(reminders("page")).toHaveLength(2);

      const late = await json<Maintenance>(
        await admin(api.createIncident, {
          body: { incident: { name: "Missed reminder", scheduled_for: h.now().toISOString(), scheduled_until: new Date(h.now().getTime() + HOUR).toISOString(), scheduled_remind_prior: true } },
        }),
      );
      later(1_000);
      expect(await applyDueTransitions(getDb(), h.now)).toBe(0);
      expect(await get(late.id)).toMatchObject({ scheduled_reminded_at: null });
    });
  });

  describe("retries and the dead letter", () => {
    it("retries a failing receiver with backoff, the same idempotency key every time", async () => {
      const path = `/${kind}/flaky`;
      await subscribe({ endpoint: receivers.webhook.url(path), component_ids: [components.b] });
      let failures = 0;
      receivers.webhook.state.answer = (hook) => (hook.path === path && failures++ < 2 ? 503 : 200);
      await admin(api.updateComponent, { method: "PATCH", params: { id: components.b }, body: { component: { status: "major_outage" } } });
      await drain();
      const tries = () => receivers.webhook.received.filter((hook) => hook.path === path);
      expect(tries()).toHaveLength(1);
      later(policy.baseDelayMs);
      await drain();
      expect(tries()).toHaveLength(2);
      later(2 * policy.baseDelayMs);
      await drain();
      expect(tries()).toHaveLength(3);
      expect(new Set(tries().map((hook) => hook.headers[IDEMPOTENCY_HEADER])).size).toBe(1);
      const [row] = await getDb().sql.query<{ state: string; attempts: number }>(
        "SELECT d.state, d.attempts FROM status.notification_delivery d JOIN status.subscriber s ON s.id = d.subscriber_id WHERE s.endpoint = $1",
        [receivers.webhook.url(path)],
      );
      expect(row).toEqual({ state: "delivered", attempts: 3 });
    });

    it("dead-letters after the try limit; a redirect counts as a failure", async () => {
      const path = `/${kind}/moved`;
      await subscribe({ endpoint: receivers.webhook.url(path), component_ids: [components.c] });
      receivers.webhook.state.answer = (hook) => (hook.path === path ? 302 : 200);
      await admin(api.updateComponent, { method: "PATCH", params: { id: components.c }, body: { component: { status: "degraded_performance" } } });
      for (let attempt = 0; attempt < policy.maxAttempts + 1; attempt++) {
        await drain();
        later(policy.maxDelayMs);
      }
      expect(receivers.webhook.received.filter((hook) => hook.path === path)).toHaveLength(policy.maxAttempts);
      const [row] = await getDb().sql.query<{ state: string; attempts: number; last_error: string }>(
        "SELECT d.state, d.attempts, d.last_error FROM status.notification_delivery d JOIN status.subscriber s ON s.id = d.subscriber_id WHERE s.endpoint = $1",
        [receivers.webhook.url(path)],
      );
      expect(row).toEqual({ state: "dead", attempts: policy.maxAttempts, last_error: "webhook answered 302" });
    });

    it("backs off exponentially with jitter, up to the ceiling, and stops at the limit", () => {
      expect(retryDelay(1, DEFAULT_POLICY, () => 0)).toBe(15_000);
      expect(retryDelay(1, DEFAULT_POLICY, () => 1)).toBe(30_000);
      expect(retryDelay(3, DEFAULT_POLICY, () => 1)).toBe(120_000);
      expect(retryDelay(8, { ...DEFAULT_POLICY, maxAttempts: 10 }, () => 1)).toBe(DEFAULT_POLICY.maxDelayMs);
      expect(retryDelay(DEFAULT_POLICY.maxAttempts, DEFAULT_POLICY, () => 0.5)).toBeNull();
    });
  });

  describe("several workers", () => {
    it("two workers on one database never deliver the same row within one lease", async () => {
      const path = `/${kind}/crowd`;
      const count = 120;
      for (let i = 0; i < count; i++) await subscribe({ endpoint: receivers.webhook.url(`${path}/${i}`), component_ids: [components.a] });
      receivers.webhook.state.answer = async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 200;
      };
      await admin(api.updateComponent, { method: "PATCH", params: { id: components.a }, body: { component: { status: "partial_outage" } } });
      await Promise.all([drain(notifier()), drain(notifier())]);
      const keys = receivers.webhook.received.filter((hook) => hook.path.startsWith(`${path}/`)).map((hook) => String(hook.headers[IDEMPOTENCY_HEADER]));
      expect(keys).toHaveLength(count);
      expect(new Set(keys).size).toBe(count);
    });
  });

  describe("the server's worker", () => {
    it("delivers a write's notifications unasked, woken by the write", async () => {
      const path = `/${kind}/live`;
      await subscribe({ endpoint: receivers.webhook.url(path), component_ids: [components.b] });
      receivers.webhook.state.answer = () => 200;
      const stop = startNotificationWorker(async () => getDb(), { clock: h.now, mailer: async () => {}, policy, env: {} });
      try {
        await admin(api.updateComponent, { method: "PATCH", params: { id: components.b }, body: { component: { status: "operational" } } });
        const deadline = Date.now() + 10_000;
        while (!receivers.webhook.received.some((hook) => hook.path === path) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(receivers.webhook.received.filter((hook) => hook.path === path).map((hook) => parsed(hook).component_update?.new_status)).toEqual(["operational"]);
      } finally {
        stop();
      }
    });
  });

  describe("the outbox is written by the write, fanned out after it", () => {
    it("a write notifying 10,000 subscribers inserts one outbox row and no delivery in its transaction", async () => {
      await getDb().sql.query(
        `INSERT INTO status.subscriber (id, page_id, mode, email, component_ids, confirm_token, manage_token, created_at, confirmed_at)
         SELECT 'bulk' || n, $1, 'email', 'bulk' || n || '@example.com', '{}', 'c' || n, 'm' || n, $2, $2 FROM generate_series(1, 10000) n`,
        [TEST_PAGE.id, h.now()],
      );
      const before = await getDb().sql.query<{ events: bigint | number; deliveries: bigint | number }>(
        "SELECT (SELECT count(*) FROM status.notification_event) AS events, (SELECT count(*) FROM status.notification_delivery) AS deliveries",
      );
      const response = await admin(api.createIncident, { body: { incident: { name: "Everyone hears of this" } } });
      expect(response.status).toBe(201);
      const after = await getDb().sql.query<{ events: bigint | number; deliveries: bigint | number }>(
        "SELECT (SELECT count(*) FROM status.notification_event) AS events, (SELECT count(*) FROM status.notification_delivery) AS deliveries",
      );
      expect(Number(after[0]!.events) - Number(before[0]!.events)).toBe(1);
      expect(Number(after[0]!.deliveries)).toBe(Number(before[0]!.deliveries));
      const fanned = await notifier().pass();
      expect(fanned.fannedOut).toBeGreaterThanOrEqual(10_000);
    });
  });
});
