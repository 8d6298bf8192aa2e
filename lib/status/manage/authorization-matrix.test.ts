import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import type { Handler } from "@/lib/http/handler";
import { HTTP_METHODS, type HttpMethod } from "@/lib/http/methods";
import { ROUTES } from "@/lib/routes/table";
import { json, statusHarness } from "../testing/harness";
import type { ComponentV1, GroupV1, IncidentV1 } from "../testing/harness";
import { manageApi } from "./routes";

/**
 * Every manage route × method of the app's route table × every kind of
 * credential: the status each must answer, that only authorized writes
 * change anything, and that each of those writes exactly one audit row.
 */
type Operation = keyof typeof manageApi;
const operationOf = new Map<Handler, Operation>(Object.entries(manageApi).map(([name, handler]) => [handler, name as Operation]));

const CASES = ROUTES.filter((api) => api.face === "manage").flatMap((api) =>
  HTTP_METHODS.flatMap((method) => {
    const handler = api.methods[method];
    if (!handler) return [];
    const operation = typeof handler === "function" ? operationOf.get(handler) : undefined;
    if (!operation) throw new Error(`${method} ${api.path} is not a manage API handler`);
    return [{ path: api.path, method, operation }];
  }),
);

const CREDENTIALS = ["none", "bad", "revoked", "read", "read+write"] as const;
type Credential = (typeof CREDENTIALS)[number];
const START = new Date("2026-11-22T10:00:00.000Z");

/** The status every credential gets, by whether the request reads or writes. */
function expectedStatus(credential: Credential, method: HttpMethod, operation: Operation): number {
  if (credential === "none" || credential === "bad" || credential === "revoked") return 401;
  if (method === "GET") return 200;
  if (credential === "read") return 403;
  return operation.startsWith("create") || operation === "resendSubscriberConfirmation" ? 201 : operation === "deleteComponent" ? 204 : 200;
}

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, START);
  const keys: Record<Credential, string | null> = { none: null, bad: "sk_not_a_key_0123456789abcdefghijklmnopqrstuvwxyz", revoked: "", read: "", "read+write": "" };
  let admin = "";
  let renames = 0;

  let subscribers = 0;
  let deliveries = 0;
  async function fresh(kind: "component" | "group" | "incident" | "subscriber" | "monitor" | "delivery"): Promise<string> {
    const post = (handler: Handler, body: unknown) => h.call(handler, { key: admin, body });
    if (kind === "delivery") {
      // A dead letter to a confirmed subscriber: what the retry route takes.
      const subscriber = await fresh("subscriber");
      await getDb().sql.query(`UPDATE status.subscriber SET confirmed_at = $2 WHERE id = $1`, [subscriber, START]);
      const [row] = await getDb().sql.query<{ id: bigint }>(
        `WITH e AS (INSERT INTO status.notification_event (page_id, kind, data, created_at)
                    SELECT page_id, 'incident.created', '{}', $2 FROM status.subscriber WHERE id = $1 RETURNING id)
         INSERT INTO status.notification_delivery (event_id, subscriber_id, idempotency_key, state, attempts, next_attempt_at, last_error)
         SELECT e.id, $1, $3, 'dead', 8, $2, 'connect ECONNREFUSED' FROM e RETURNING id`,
        [subscriber, START, `matrix-dead-${++deliveries}`],
      );
      return String(row!.id);
    }
    if (kind === "monitor") return (await json<{ id: string }>(await post(h.manageApi.createMonitor, { monitor: { component_id: await fresh("component"), name: "Matrix monitor", type: "ledger-freshness" } }))).id;
    if (kind === "subscriber") return (await json<{ id: string }>(await post(h.manageApi.createSubscriber, { subscriber: { email: `matrix${++subscribers}@example.com` } }))).id;
    if (kind === "component") return (await json<ComponentV1>(await post(h.manageApi.createComponent, { component: { name: "Matrix component" } }))).id;
    if (kind === "incident") return (await json<IncidentV1>(await post(h.manageApi.createIncident, { incident: { name: "Matrix incident" } }))).id;
    const member = await fresh("component");
    return (await json<GroupV1>(await post(h.manageApi.createComponentGroup, { component_group: { name: "Matrix group", components: [member] } }))).id;
  }

  /** A request the route would accept from an authorized caller: a real id, a valid body. */
  async function validRequest(path: string, operation: Operation): Promise<{ id?: string; body?: unknown }> {
    const kind = path.includes("/notification-deliveries") ? "delivery" : path.includes("/monitors") ? "monitor" : path.includes("/subscribers") ? "subscriber" : path.includes("/component-groups") ? "group" : path.includes("/components") ? "component" : "incident";
    const id = path.includes("{id}") ? await fresh(kind) : undefined;
    const bodies: Partial<Record<Operation, unknown>> = {
      // A new name each time: a rename to the current name changes nothing and writes no audit row.
      updatePage: { page: { name: `Page renamed by the matrix ${++renames}` } },
      createComponent: { component: { name: "Created by the matrix" } },
      updateComponent: { component: { status: "degraded_performance" } },
      createComponentGroup: { component_group: { name: "Created by the matrix", components: [await fresh("component")] } },
      updateComponentGroup: { component_group: { name: "Renamed by the matrix" } },
      createIncident: { incident: { name: "Created by the matrix", status: "investigating" } },
      updateIncident: { incident: { status: "identified", body: "Updated by the matrix" } },
      createSubscriber: { subscriber: { email: `matrix${++subscribers}@example.com` } },
      createMonitor: { monitor: { component_id: await fresh("component"), name: "Created by the matrix", type: "ledger-freshness" } },
      updateMonitor: { monitor: { interval_seconds: 120 } },
    };
    return { id, body: bodies[operation] };
  }

  /** Everything a write could change, audit log and rate-limit counters aside. */
  async function fingerprint(): Promise<string> {
    const tables = [
      "page",
      "component_group",
      "component",
      "component_status_change",
      "incident",
      "incident_component",
      "incident_update",
      "incident_update_component",
      "subscriber",
      "notification_event",
      "monitor",
    ];
    const parts = await Promise.all(
      tables.map(async (table) => (await getDb().sql.query<{ digest: string | null }>(`SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS digest FROM status.${table} t`))[0]?.digest),
    );
    return parts.join("/");
  }
  const auditRows = async () => getDb().prisma.auditLogEntry.count();

  beforeAll(async () => {
    await h.createPage();
    admin = await h.mintKey("matrix admin", ["read", "write"]);
    keys.read = await h.mintKey("matrix reader", ["read"]);
    keys["read+write"] = await h.mintKey("matrix writer", ["read", "write"]);
    keys.revoked = await h.mintKey("matrix revoked", ["read", "write"]);
    await getDb().prisma.apiKey.updateMany({ where: { name: "matrix revoked" }, data: { revokedAt: START } });
  });

  it("covers every manage route of the route table", () => {
    expect(new Set(CASES.map((entry) => entry.operation))).toEqual(new Set(Object.keys(manageApi)));
    expect(CASES.length * CREDENTIALS.length).toBeGreaterThanOrEqual(100);
  });

  describe.each(CASES)("$method $path", ({ path, method, operation }) => {
    it.each(CREDENTIALS)("with credential %s", async (credential) => {
      const { id, body } = await validRequest(path, operation);
      const [stateBefore, auditBefore] = [await fingerprint(), await auditRows()];
      const key = keys[credential];
      const response = await h.call(h.manageApi[operation], { method, body, key: key ?? undefined, params: id ? { id } : {} });
      const expected = expectedStatus(credential, method, operation);
      expect(response.status, await response.clone().text()).toBe(expected);
      const [stateAfter, auditAfter] = [await fingerprint(), await auditRows()];
      const authorizedWrite = method !== "GET" && expected < 300;
      if (authorizedWrite) {
        expect(stateAfter).not.toBe(stateBefore);
        expect(auditAfter - auditBefore).toBe(1);
        const [entry] = await getDb().prisma.auditLogEntry.findMany({ orderBy: { id: "desc" }, take: 1 });
        expect(entry?.actor).toBe("matrix writer");
      } else {
        expect(stateAfter).toBe(stateBefore);
        expect(auditAfter).toBe(auditBefore);
      }
    });
  });
});
