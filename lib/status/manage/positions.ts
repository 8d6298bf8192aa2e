import type { Tx } from "./transaction";

/**
 * Renumbers positions 1..n in every container of a page (the top level,
 * where groups and ungrouped components share one sequence, and each group),
 * keeping the current order. Run after anything that adds, moves or removes
 * an entry; new entries are given a position past the end first.
 */
export async function repackPositions(tx: Tx, pageId: string): Promise<void> {
  await tx.$executeRaw`
    WITH top_level AS (
      SELECT id, 'group' AS kind, position, name FROM status.component_group WHERE page_id = ${pageId}
      UNION ALL
      SELECT id, 'component' AS kind, position, name FROM status.component WHERE page_id = ${pageId} AND group_id IS NULL
    ), ranked AS (
      SELECT id, kind, row_number() OVER (ORDER BY position, name, id) AS rank FROM top_level
    ), groups_done AS (
      UPDATE status.component_group g SET position = ranked.rank
        FROM ranked WHERE ranked.kind = 'group' AND g.id = ranked.id AND g.position <> ranked.rank
    )
    UPDATE status.component c SET position = ranked.rank
      FROM ranked WHERE ranked.kind = 'component' AND c.id = ranked.id AND c.position <> ranked.rank`;
  await tx.$executeRaw`
    UPDATE status.component c SET position = ranked.rank
      FROM (SELECT id, row_number() OVER (PARTITION BY group_id ORDER BY position, name, id) AS rank
              FROM status.component WHERE page_id = ${pageId} AND group_id IS NOT NULL) ranked
     WHERE c.id = ranked.id AND c.position <> ranked.rank`;
}

/** A position after every entry of the container (top level when `groupId` is null). */
export async function positionAfterLast(tx: Tx, pageId: string, groupId: string | null): Promise<number> {
  const [row] = await tx.$queryRaw<{ last: number | null }[]>`
    SELECT max(position)::int AS last FROM (
      SELECT position FROM status.component WHERE page_id = ${pageId} AND group_id IS NOT DISTINCT FROM ${groupId}
      UNION ALL
      SELECT position FROM status.component_group WHERE page_id = ${pageId} AND ${groupId}::text IS NULL
    ) entries`;
  return (row?.last ?? 0) + 1;
}
