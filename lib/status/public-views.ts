import type { Database } from "@/lib/db";
import { strongEtag } from "@/lib/http/etag";
import { notFound } from "@/lib/http/errors";
import { stringifyJson } from "@/lib/http/json";
import { dueTransitions, nextTransitionAt } from "./auto-transitions";
import type { Clock } from "./clock";
import type { V2DocumentName } from "./documents";
import { createDocumentRenderer } from "./documents";
import { ATOM_CONTENT_TYPE, feedEntries, renderAtomFeed, renderRssFeed, RSS_CONTENT_TYPE } from "./feeds";
import { applyDueTransitions } from "./manage/apply-due-transitions";
import type { StatusSnapshot } from "./model";
import { isMaintenance } from "./model";
import { findPublicPageId, loadSnapshot } from "./read/load-snapshot";
import { onStatusWrite } from "./write-signal";

export type PublicDocumentName = V2DocumentName | "history.atom" | "history.rss";
/** A document as sent: UTF-8 bytes encoded once per snapshot, not once per request. */
export type RenderedDocument = { body: Buffer; etag: string; contentType: string };

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

type View = {
  pageId: string;
  revision: bigint;
  /** The next automatic maintenance transition: the view must not be served from then on. */
  validUntil: number;
  snapshot: StatusSnapshot;
  render: (name: V2DocumentName) => object;
  documents: Map<PublicDocumentName, RenderedDocument>;
};

export type PublicViews = { document(name: PublicDocumentName): Promise<RenderedDocument> };

/**
 * This instance's cache of the rendered public documents. One snapshot
 * serves every document; each is rendered (body + ETag) once per snapshot.
 * It is dropped at once when this instance writes (write-signal), when the
 * page revision in the database moved (another instance wrote; checked at
 * most every `revisionCheckMs`, one query shared by concurrent requests), and
 * when the clock reaches the next automatic maintenance transition. Loading
 * applies transitions that are already due first, so reads follow the clock
 * even when no scheduler has run.
 */
export function createPublicViews(deps: { getDb: () => Promise<Database>; clock: Clock; revisionCheckMs: number }): PublicViews {
  let current: Promise<View> | null = null;
  let revisionCheckedAt = 0;
  onStatusWrite(() => {
    current = null;
  });

  async function load(): Promise<View> {
    const db = await deps.getDb();
    const pageId = await findPublicPageId(db);
    if (!pageId) throw notFound("No status page has been set up");
    let loaded = await loadSnapshot(db, pageId);
    if (dueTransitions(loaded.incidents.filter(isMaintenance), deps.clock()).length > 0) {
      await applyDueTransitions(db, deps.clock);
      loaded = await loadSnapshot(db, pageId);
    }
    const { revision, ...snapshot } = loaded;
    revisionCheckedAt = Date.now();
    return {
      pageId,
      revision,
      validUntil: nextTransitionAt(snapshot.incidents.filter(isMaintenance), deps.clock()),
      snapshot,
      render: createDocumentRenderer(snapshot),
      documents: new Map(),
    };
  }

  /** A view no older than the rules above allow; concurrent callers share one load. */
  async function view(): Promise<View> {
    const pending = (current ??= load());
    let loaded: View;
    try {
      loaded = await pending;
    } catch (error) {
      if (current === pending) current = null;
      throw error;
    }
    if (await isStale(loaded) && current === pending) current = load();
    return current === pending ? loaded : view();
  }

  async function isStale(loaded: View): Promise<boolean> {
    if (deps.clock().getTime() >= loaded.validUntil) return true;
    // Wall time, not the injected clock: this bounds how long another instance's write can go unseen.
    if (Date.now() - revisionCheckedAt < deps.revisionCheckMs) return false;
    revisionCheckedAt = Date.now();
    const db = await deps.getDb();
    const [row] = await db.sql.query<{ revision: bigint }>("SELECT revision FROM status.page WHERE id = $1", [loaded.pageId]);
    return row?.revision !== loaded.revision;
  }

  return {
    async document(name) {
      const loaded = await view();
      let rendered = loaded.documents.get(name);
      if (!rendered) {
        rendered = renderDocument(loaded, name);
        loaded.documents.set(name, rendered);
      }
      return rendered;
    },
  };
}

function renderDocument(loaded: View, name: PublicDocumentName): RenderedDocument {
  const { page } = loaded.snapshot;
  const [body, contentType] =
    name === "history.atom"
      ? [renderAtomFeed(page, feedEntries(loaded.snapshot)), ATOM_CONTENT_TYPE]
      : name === "history.rss"
        ? [renderRssFeed(page, feedEntries(loaded.snapshot)), RSS_CONTENT_TYPE]
        : [stringifyJson(loaded.render(name)), JSON_CONTENT_TYPE];
  return { body: Buffer.from(body), etag: strongEtag(body), contentType };
}
