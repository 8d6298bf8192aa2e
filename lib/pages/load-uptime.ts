import type { Database } from "@/lib/db";
import type { Component } from "@/lib/status/model";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import type { ComponentUptime, HistoryRow } from "./uptime";
import { componentUptime, uptimeWindowStart } from "./uptime";

type ChangeRow = { component_id: string; new_status: string; changed_at: Date; incident_id: string | null };

/**
 * The dashboard's bars for the given components, keyed by component id: the
 * status changes inside the 90-day window plus, per component, the last one
 * before it (the status in force when the window opens). Two queries.
 */
export async function loadUptime(
  db: Database,
  components: readonly Pick<Component, "id" | "startDate">[],
  options: { now: Date; timeZone: string },
): Promise<Map<string, ComponentUptime>> {
  const ids = components.map((component) => component.id);
  if (ids.length === 0) return new Map();
  const windowStart = uptimeWindowStart(options.now, options.timeZone);
  const [inWindow, before] = await Promise.all([
    db.sql.query<ChangeRow>(
      `SELECT component_id, new_status, changed_at, incident_id FROM status.component_status_change
        WHERE component_id = ANY($1) AND changed_at >= $2 AND changed_at <= $3
        ORDER BY changed_at, id`,
      [ids, windowStart, options.now],
    ),
    db.sql.query<ChangeRow>(
      `SELECT DISTINCT ON (component_id) component_id, new_status, changed_at, incident_id
         FROM status.component_status_change
        WHERE component_id = ANY($1) AND changed_at < $2
        ORDER BY component_id, changed_at DESC, id DESC`,
      [ids, windowStart],
    ),
  ]);
  const rows = [...before, ...inWindow];
  const incidentNames = await namesOf(db, rows);
  const history = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const list = history.get(row.component_id) ?? [];
    list.push({ at: new Date(row.changed_at), status: row.new_status as ComponentStatus, incidentId: row.incident_id });
    history.set(row.component_id, list);
  }
  return new Map(
    components.map((component) => [
      component.id,
      componentUptime(history.get(component.id) ?? [], { ...options, countFrom: component.startDate, incidentNames }),
    ]),
  );
}

async function namesOf(db: Database, rows: readonly ChangeRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.incident_id ? [row.incident_id] : [])))];
  if (ids.length === 0) return new Map();
  const incidents = await db.prisma.incident.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(incidents.map((incident) => [incident.id, incident.name]));
}
