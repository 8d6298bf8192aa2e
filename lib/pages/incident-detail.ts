import { getDatabase } from "@/lib/db";
import type { Incident, Page } from "@/lib/status/model";
import { incidentInclude, toIncident } from "@/lib/status/read/rows";
import type { ComponentStatus } from "@/lib/status/vocabulary";
import { readPageInfo } from "./page-info";

export type ListedComponent = { id: string; name: string; status: ComponentStatus };

export type IncidentDetail = {
  page: Page;
  incident: Incident;
  /** The components the incident lists, named `Group / Component`, with their status now. */
  components: ListedComponent[];
};

/** One incident or maintenance of the public page, with its components; null when there is none by that id. */
export async function loadIncidentDetail(id: string): Promise<IncidentDetail | null> {
  const page = await readPageInfo();
  if (!page) return null;
  const { prisma } = await getDatabase();
  const row = await prisma.incident.findFirst({ where: { id, pageId: page.id }, include: incidentInclude });
  if (!row) return null;
  const incident = toIncident(row);
  const rows = await prisma.component.findMany({
    where: { id: { in: [...incident.componentIds] } },
    include: { group: { select: { name: true } } },
  });
  const byId = new Map(rows.map((component) => [component.id, component]));
  const components = incident.componentIds.flatMap((componentId) => {
    const component = byId.get(componentId);
    if (!component) return [];
    const name = component.group ? `${component.group.name} / ${component.name}` : component.name;
    return [{ id: component.id, name, status: component.status as ComponentStatus }];
  });
  return { page, incident, components };
}
