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
  /** Wall time at which the latest read that found this view current began: it holds every write committed before then. */
  confirmedAt: number;
  /** The revision check in flight, shared by the requests that arrive meanwhile. */
  confirming: Promise<boolean> | null;
  snapshot: StatusSnapshot;
  render: (name: V2DocumentName) => object;
  documents: Map<PublicDocumentName, RenderedDocument>;
};

export type PublicViews = {
  document(name: PublicDocumentName): Promise<RenderedDocument>;
  /** The page revision the documents are rendered from, under the same freshness rules (page snapshots key on it). */
  revision(): Promise<bigint>;
};

/**
 * This instance's cache of the rendered public documents. One snapshot
 * serves every document; each is rendered (body + ETag) once per snapshot.
 * It is dropped at once when this instance writes (write-signal) and when
 * the clock reaches the next automatic maintenance transition. Another
 * instance's write is caught by the page revision: a request is served a
 * view only when a read that began at most `revisionCheckMs` before the
 * request arrived found it current, so every request arriving
 * `revisionCheckMs` or more after a write committed sees it, however slow
 * the database. Requests arriving while a check runs wait for it (one query
 * for all of them). Loading applies transitions that are already due first,
 * so reads follow the clock even when no scheduler has run.
 */
export function createPublicViews(deps: { getDb: () => Promise<Database>; clock: Clock; revisionCheckMs: number }): PublicViews {
  let current: Promise<View> | null = null;
  onStatusWrite(() => {
    current = null;
  });

  async function load(): Promise<View> {
    // Wall time, not the injected clock: it bounds how long another instance's write can go unseen.
    const startedAt = Date.now();
    const db = await deps.getDb();
    const pageId = await findPublicPageId(db);
    if (!pageId) throw notFound("No status page has been set up");
    let loaded = await loadSnapshot(db, pageId);
    if (dueTransitions(loaded.incidents.filter(isMaintenance), deps.clock()).length > 0) {
      await applyDueTransitions(db, deps.clock);
      loaded = await loadSnapshot(db, pageId);
    }
    const { revision, ...snapshot } = loaded;
    return {
      pageId,
      revision,
      validUntil: nextTransitionAt(snapshot.incidents.filter(isMaintenance), deps.clock()),
      confirmedAt: startedAt,
      confirming: null,
      snapshot,
      render: createDocumentRenderer(snapshot),
      documents: new Map(),
    };
  }

  /** A view no older than the rules above allow for a request arriving now; concurrent callers share loads and checks. */
  async function view(): Promise<View> {
    const arrival = Date.now();
    for (;;) {
      const pending = (current ??= load());
      let loaded: View;
      try {
        loaded = await pending;
      } catch (error) {
        if (current === pending) current = null;
        throw error;
      }
      if (current !== pending) continue;
      if (deps.clock().getTime() >= loaded.validUntil) {
        current = null;
        continue;
      }
      if (loaded.confirmedAt >= arrival - deps.revisionCheckMs) return loaded;
      // A check that began too long before this request arrived does not count: the loop starts another.
      if (!(await confirm(loaded)) && current === pending) current = null;
    }
  }

  function confirm(loaded: View): Promise<boolean> {
    loaded.confirming ??= (async () => {
      const startedAt = Date.now();
      try {
        const db = await deps.getDb();
        const [row] = await db.sql.query<{ revision: bigint }>("SELECT revision FROM status.page WHERE id = $1", [loaded.pageId]);
        if (row?.revision !== loaded.revision) return false;
        loaded.confirmedAt = startedAt;
        return true;
      } finally {
        loaded.confirming = null;
      }
    })();
    return loaded.confirming;
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
    async revision() {
      return (await view()).revision;
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
