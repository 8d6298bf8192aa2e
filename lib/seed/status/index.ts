import type { Database } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { newId } from "@/lib/status/ids";
import { incidentUrl } from "@/lib/status/model";
import type { ComponentStatus, Impact, LifecycleStatus } from "@/lib/status/vocabulary";
import { buildMonitorSeed, insertMonitorHistory } from "./monitors";
import { seededRandom } from "./random";

/**
 * Demo data for the status page: a ledger network's three environments, 90
 * days of component history with resolved incidents of every impact, one
 * open incident, one upcoming and one completed maintenance. Deterministic:
 * ids and choices come from a seeded PRNG, times are relative to `now`.
 * Writes only when the page has no components and no incidents yet; creates
 * the page first, in the same transaction, when given one and there is none.
 */
export async function seedStatus(db: Database, now: Date, newPage?: DemoPage): Promise<{ seeded: boolean; createdPage?: true }> {
  // One transaction, the page included when it is created here: a seed killed part-way leaves nothing behind.
  return db.prisma.$transaction(async (tx) => {
    let page = await tx.page.findFirst({ orderBy: { id: "asc" } });
    let createdPage = false;
    if (!page) {
      if (!newPage) throw new Error("seedStatus: create the page first");
      page = await tx.page.create({ data: { ...newPage, updatedAt: now } });
      createdPage = true;
    }
    const [components, incidents] = await Promise.all([
      tx.component.count({ where: { pageId: page.id } }),
      tx.incident.count({ where: { pageId: page.id } }),
    ]);
    if (components > 0 || incidents > 0) return { seeded: false, ...(createdPage && { createdPage: true as const }) };
    const rows = buildSeed(page.id, page.url, now);
    await tx.componentGroup.createMany({ data: rows.groups });
    await tx.component.createMany({ data: rows.components });
    await tx.componentStatusChange.createMany({ data: rows.history });
    await tx.incident.createMany({ data: rows.incidents });
    await tx.incidentComponent.createMany({ data: rows.incidentComponents });
    await tx.incidentUpdate.createMany({ data: rows.updates });
    await tx.incidentUpdateComponent.createMany({ data: rows.updateComponents });
    const monitors = buildMonitorSeed(page.id, rows.components, rows.groups[0]!.id, now);
    await tx.component.update({ where: { id: monitors.manualComponentId }, data: { manualStatusAt: now } });
    await tx.monitor.createMany({ data: monitors.monitors });
    await insertMonitorHistory(tx, monitors);
    await tx.page.update({ where: { id: page.id }, data: { updatedAt: now, revision: { increment: 1 } } });
    return { seeded: true, ...(createdPage && { createdPage: true as const }) };
  });
}

/** The status page a fresh database gets. */
export type DemoPage = { id: string; name: string; url: string; timeZone: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const NETWORKS = [
  { name: "Mainnet", description: "The production Hedera network" },
  { name: "Testnet", description: "The public test network, reset periodically" },
  { name: "Previewnet", description: "Early access to upcoming releases" },
];

const SERVICES = [
  { name: "Consensus", description: "Transaction submission and consensus by the network nodes" },
  { name: "Mirror Node REST API", description: "Account, transaction and token queries over REST" },
  { name: "Mirror Node gRPC", description: "Topic message subscriptions (HCS) over gRPC" },
  { name: "JSON-RPC Relay", description: "Ethereum-compatible JSON-RPC endpoint" },
  { name: "Fee Estimation", description: "Fee quotes for transactions before submission" },
];

/** What each impact does to the components it touches, and how its story reads. */
const IMPACT_STORIES: Record<Exclude<Impact, "none">, { status: ComponentStatus; title: string; symptom: string }> = {
  minor: { status: "degraded_performance", title: "Elevated latency on {service}", symptom: "Some requests to {service} on {network} are slower than usual." },
  major: { status: "partial_outage", title: "Errors from {service}", symptom: "A share of requests to {service} on {network} fail with errors." },
  critical: { status: "major_outage", title: "{service} unavailable", symptom: "{service} on {network} is not responding." },
};

type SeedRows = {
  groups: Prisma.ComponentGroupCreateManyInput[];
  components: Prisma.ComponentCreateManyInput[];
  history: Prisma.ComponentStatusChangeCreateManyInput[];
  incidents: Prisma.IncidentCreateManyInput[];
  incidentComponents: Prisma.IncidentComponentCreateManyInput[];
  updates: Prisma.IncidentUpdateCreateManyInput[];
  updateComponents: Prisma.IncidentUpdateComponentCreateManyInput[];
};

export function buildSeed(pageId: string, pageUrl: string, now: Date): SeedRows {
  const random = seededRandom(20261122);
  const id = () => newId(random);
  const at = (offsetMs: number) => new Date(Math.floor((now.getTime() + offsetMs) / 1000) * 1000);
  const rows: SeedRows = { groups: [], components: [], history: [], incidents: [], incidentComponents: [], updates: [], updateComponents: [] };
  const created = at(-90 * DAY);
  const startDate = new Date(`${created.toISOString().slice(0, 10)}T00:00:00Z`);

  type SeedComponent = { id: string; name: string; status: ComponentStatus; network: string; service: string };
  const all: SeedComponent[] = [];
  NETWORKS.forEach((network, groupIndex) => {
    const groupId = id();
    rows.groups.push({ id: groupId, pageId, name: network.name, description: network.description, position: groupIndex + 1, createdAt: created, updatedAt: created });
    SERVICES.forEach((service, index) => {
      const componentId = id();
      rows.components.push({
        id: componentId, pageId, groupId, name: service.name, description: service.description, status: "operational",
        position: index + 1, showcase: true, onlyShowIfDegraded: false, startDate, createdAt: created, updatedAt: created,
      });
      rows.history.push({ componentId, oldStatus: null, newStatus: "operational", changedAt: created, cause: "created", incidentId: null });
      all.push({ id: componentId, name: `${network.name} - ${service.name}`, status: "operational", network: network.name, service: service.name });
    });
  });
  const component = (network: string, service: string) => all.find((entry) => entry.network === network && entry.service === service)!;

  const setStatus = (target: SeedComponent, status: ComponentStatus, when: Date, incidentId: string, cause: "incident" | "maintenance") => {
    const before = target.status;
    if (before !== status) {
      rows.history.push({ componentId: target.id, oldStatus: before, newStatus: status, changedAt: when, cause, incidentId });
      target.status = status;
      const row = rows.components.find((entry) => entry.id === target.id)!;
      row.status = status;
      row.updatedAt = when;
    }
    return { componentId: target.id, name: target.name, oldStatus: before, newStatus: status };
  };

  type Step = { status: LifecycleStatus; body: string; after: number; set?: ComponentStatus };
  const addIncident = (spec: {
    name: string;
    impact: Impact;
    start: Date;
    targets: SeedComponent[];
    steps: Step[];
    window?: { from: Date; until: Date; status: ComponentStatus | null; auto: boolean };
  }) => {
    const incidentId = id();
    spec.targets.forEach((target, position) =>
      rows.incidentComponents.push({ incidentId, componentId: target.id, position, windowStatus: spec.window?.status ?? null, restoreStatus: null }),
    );
    let time = spec.start;
    let monitoringAt: Date | null = null;
    let resolvedAt: Date | null = null;
    for (const step of spec.steps) {
      time = new Date(time.getTime() + step.after);
      const affected = spec.targets.map((target) =>
        setStatus(target, step.set ?? target.status, time, incidentId, spec.window ? "maintenance" : "incident"),
      );
      const updateId = id();
      rows.updates.push({ id: updateId, incidentId, status: step.status, body: step.body, displayAt: time, createdAt: time, updatedAt: time, deliverNotifications: true });
      affected.forEach((entry, position) => rows.updateComponents.push({ updateId, position, ...entry }));
      if (step.status === "monitoring") monitoringAt ??= time;
      if (["resolved", "postmortem", "completed"].includes(step.status)) resolvedAt ??= time;
    }
    rows.incidents.push({
      id: incidentId, pageId, name: spec.name, status: spec.steps.at(-1)!.status, impact: spec.window ? "none" : spec.impact, impactOverride: null,
      shortlink: incidentUrl(pageUrl, incidentId), createdAt: spec.start, updatedAt: time, startedAt: spec.start, monitoringAt, resolvedAt,
      scheduledFor: spec.window?.from ?? null, scheduledUntil: spec.window?.until ?? null,
      scheduledAutoInProgress: spec.window?.auto ?? false, scheduledAutoCompleted: spec.window?.auto ?? false, scheduledRemindPrior: false,
    });
  };

  // Resolved incidents of every impact on distinct days, oldest first.
  const impacts: Impact[] = ["minor", "major", "critical", "minor", "major", "critical", "minor", "major", "critical", "none", "none"];
  const days = Array.from({ length: 80 }, (_, index) => index + 5);
  const chosen = impacts.map(() => days.splice(random(days.length), 1)[0]!).sort((a, b) => b - a);
  impacts.forEach((impact, index) => {
    const target = all[random(all.length)]!;
    const start = at(-chosen[index]! * DAY + random(20) * HOUR);
    const fill = (text: string) => text.replaceAll("{service}", target.service).replaceAll("{network}", target.network);
    if (impact === "none") {
      addIncident({
        name: fill("Delayed balance updates in {service}"), impact, start, targets: [target],
        steps: [
          { status: "investigating", body: fill("Balances shown by {service} on {network} may lag behind consensus by a few seconds."), after: 0 },
          { status: "resolved", body: "Balances are current again. No action is needed.", after: 40 * 60_000 },
        ],
      });
      return;
    }
    const story = IMPACT_STORIES[impact];
    const steps: Step[] = [
      { status: "investigating", body: `${fill(story.symptom)} We are investigating.`, after: 0, set: story.status },
      { status: "identified", body: "The cause has been identified and a fix is being rolled out.", after: (20 + random(40)) * 60_000 },
      { status: "monitoring", body: "A fix has been deployed and we are monitoring the results.", after: (30 + random(60)) * 60_000, set: "operational" },
      { status: "resolved", body: "This incident has been resolved.", after: (30 + random(90)) * 60_000 },
    ];
    if (impact === "critical") steps.push({ status: "postmortem", body: "Postmortem: a configuration change reduced capacity below peak load. Capacity alerts now page before saturation.", after: 2 * DAY });
    addIncident({ name: fill(story.title), impact, start, targets: [target], steps });
  });

  // The completed maintenance: ten days ago, Testnet consensus degraded during the window.
  const pastFrom = at(-10 * DAY);
  addIncident({
    name: "Testnet network upgrade", impact: "none", start: at(-13 * DAY), targets: [component("Testnet", "Consensus"), component("Testnet", "Mirror Node REST API")],
    window: { from: pastFrom, until: new Date(pastFrom.getTime() + 2 * HOUR), status: "degraded_performance", auto: true },
    steps: [
      { status: "scheduled", body: "Testnet nodes will be upgraded to the next release. Transactions may be delayed during the window.", after: 0 },
      { status: "in_progress", body: "Scheduled maintenance is currently in progress. We will provide updates as necessary.", after: 3 * DAY, set: "degraded_performance" },
      { status: "verifying", body: "The upgrade is applied; we are verifying the network.", after: 90 * 60_000 },
      { status: "completed", body: "The scheduled maintenance has been completed.", after: 30 * 60_000, set: "operational" },
    ],
  });

  // The upcoming maintenance: in three days, automatic, Mainnet mirror node degraded while it runs.
  const nextFrom = new Date(Math.floor((now.getTime() + 3 * DAY) / HOUR) * HOUR);
  addIncident({
    name: "Mainnet mirror node database maintenance", impact: "none", start: at(-1 * DAY), targets: [component("Mainnet", "Mirror Node REST API"), component("Mainnet", "Mirror Node gRPC")],
    window: { from: nextFrom, until: new Date(nextFrom.getTime() + 2 * HOUR), status: "degraded_performance", auto: true },
    steps: [{ status: "scheduled", body: "We will be upgrading the mirror node database. Queries may be slower during the window.", after: 0 }],
  });

  // The open incident: two hours old, Previewnet relay degraded.
  addIncident({
    name: "JSON-RPC Relay timeouts on Previewnet", impact: "minor", start: at(-2 * HOUR), targets: [component("Previewnet", "JSON-RPC Relay")],
    steps: [
      { status: "investigating", body: "Some eth_call requests to the Previewnet relay time out. We are investigating.", after: 0, set: "degraded_performance" },
      { status: "identified", body: "An overloaded upstream node is the cause; traffic is being rebalanced.", after: 35 * 60_000 },
    ],
  });
  return rows;
}
