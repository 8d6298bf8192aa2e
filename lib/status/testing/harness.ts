import type { Database } from "@/lib/db";
import { errorBody, statuspageErrorBody } from "@/lib/http/errors";
import { generateApiKey, hashApiKey } from "@/lib/http/api-key";
import type { Handler } from "@/lib/http/handler";
import { route } from "@/lib/http/handler";
import { createManageHandlers } from "../manage/handlers";
import type { componentGroupV1, componentV1, incidentV1 } from "../manage/serialize-v1";
import { createPublicHandlers } from "../public-handlers";
import { createPublicViews } from "../public-views";
import type { WireComponent, WireIncident, WireMaintenance, WirePage, WireStatus } from "../wire";

/**
 * Test-only: the status service's handlers over a test database with a
 * clock the test moves, plus helpers to call them as HTTP would and to mint
 * API keys. Revision checks run on every read (0 ms), as a second instance
 * would see them at worst.
 */
export const TEST_PAGE = { id: "hdr5t4tus0pg", name: "Hedera Status", url: "https://status.example.com", timeZone: "Etc/UTC" };

export function statusHarness(getDb: () => Database, start: Date, limits: { writesPerMinute?: number; authFailuresPerMinute?: number } = {}) {
  const clock = { time: start };
  const now = () => clock.time;
  const getDbAsync = async () => getDb();
  const views = createPublicViews({ getDb: getDbAsync, clock: now, revisionCheckMs: 0 });
  const publicApi = createPublicHandlers(views);
  const manageApi = createManageHandlers({
    getDb: getDbAsync,
    clock: now,
    writesPerMinute: limits.writesPerMinute ?? 1000,
    authFailuresPerMinute: limits.authFailuresPerMinute ?? 1000,
  });

  // The manage API's routes answer errors in Statuspage's body, as the route table binds them.
  const manageHandlers = new Set<Handler>(Object.values(manageApi));

  /** A request as HTTP would make it: `body` sent as JSON, `form` as a form-encoded body. */
  async function call(
    handler: Handler,
    options: {
      method?: string;
      path?: string;
      body?: unknown;
      form?: string;
      key?: string;
      params?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...(options.body !== undefined && { "content-type": "application/json" }),
      ...(options.form !== undefined && { "content-type": "application/x-www-form-urlencoded" }),
      ...options.headers,
    };
    if (options.key) headers.authorization = `OAuth ${options.key}`;
    const sent = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const request = new Request(`http://localhost${options.path ?? "/"}`, {
      method: options.method ?? (sent === undefined ? "GET" : "POST"),
      headers,
      body: sent,
    });
    const shape = manageHandlers.has(handler) ? statuspageErrorBody : errorBody;
    return route(handler, shape)(request, { params: Promise.resolve({ page_id: TEST_PAGE.id, ...options.params }) });
  }

  async function mintKey(name: string, scopes: string[]): Promise<string> {
    const key = generateApiKey();
    await getDb().prisma.apiKey.create({
      data: { id: `k${Math.random().toString(36).slice(2, 13)}`, name, keyHash: hashApiKey(key), scopes, createdAt: clock.time },
    });
    return key;
  }

  async function createPage(): Promise<void> {
    await getDb().prisma.page.create({ data: { ...TEST_PAGE, updatedAt: clock.time } });
  }

  return { clock, now, publicApi, manageApi, views, call, mintKey, createPage };
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Response bodies as the tests read them. */
export type V2Document = {
  page: WirePage;
  components: WireComponent[];
  incidents: WireIncident[];
  scheduled_maintenances: WireMaintenance[];
  status: WireStatus;
};
export type ComponentV1 = ReturnType<typeof componentV1>;
export type GroupV1 = ReturnType<typeof componentGroupV1>;
export type IncidentV1 = ReturnType<typeof incidentV1>;
type AuditedIncident = { status: string; latestUpdate: { body: string } | null };
export type AuditEntry = { id: number; actor: string; action: string; entity_id: string; before: AuditedIncident | null; after: AuditedIncident | null };
/** The manage API's error body (Statuspage's). */
export type ErrorBody = { error: string };
