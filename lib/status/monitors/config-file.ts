import { readFile } from "node:fs/promises";
import yaml from "js-yaml";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { parseWith } from "@/lib/http/validation";
import type { Clock } from "../clock";
import type { Actor } from "../manage/context";
import { createMonitor, updateMonitor } from "../manage/monitors";

/** The file's writes in the audit log. */
const FILE_ACTOR: Actor = { apiKeyId: null, name: "monitors file", scopes: ["read", "write"] };

/**
 * MONITORS_FILE (JSON or YAML): `{page_id?, monitors: [...]}`, each entry a
 * manage API monitor body whose component is named by `component_id` or by
 * `component` (its name). Read at start; each entry is created, or updated
 * when the component already has a monitor of that name, through the
 * manage verbs (audited as "monitors file"). Monitors the file does not
 * name are left alone.
 */
const fileSchema = z.object({
  page_id: z.string().optional(),
  monitors: z.array(z.looseObject({ component: z.string().optional(), component_id: z.string().optional(), name: z.string() })),
});

/** Instances starting together load the file one after the other, so none creates a monitor another just created. */
const FILE_LOCK_KEY = 2_026_112_510;

export async function loadMonitorsFile(db: Database, file: string, clock: Clock): Promise<{ created: number; updated: number }> {
  return db.sql.withSession(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [FILE_LOCK_KEY]);
    try {
      return await upsertFromFile(db, file, clock);
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [FILE_LOCK_KEY]);
    }
  });
}

async function upsertFromFile(db: Database, file: string, clock: Clock): Promise<{ created: number; updated: number }> {
  const text = await readFile(file, "utf8");
  const parsed = parseWith(fileSchema, /\.json$/i.test(file) ? JSON.parse(text) : yaml.load(text));
  const page = parsed.page_id
    ? await db.prisma.page.findUnique({ where: { id: parsed.page_id } })
    : await db.prisma.page.findFirst({ orderBy: { id: "asc" } });
  if (!page) throw new Error(`MONITORS_FILE: no status page${parsed.page_id ? ` ${parsed.page_id}` : ""}`);
  const context = { db, clock, actor: FILE_ACTOR, pageId: page.id };
  let created = 0;
  let updated = 0;
  for (const { component, ...entry } of parsed.monitors) {
    const componentId = entry.component_id ?? (await db.prisma.component.findFirst({ where: { pageId: page.id, name: component } }))?.id;
    if (!componentId) throw new Error(`MONITORS_FILE: monitor ${entry.name}: no component ${component ?? "given"}`);
    const body = { monitor: { ...entry, component_id: componentId } };
    const existing = await db.prisma.monitor.findFirst({ where: { pageId: page.id, componentId, name: entry.name }, select: { id: true } });
    if (existing) {
      await updateMonitor(context, existing.id, body);
      updated++;
    } else {
      await createMonitor(context, body);
      created++;
    }
  }
  return { created, updated };
}
