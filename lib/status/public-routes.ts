import { getDatabase } from "@/lib/db";
import { systemClock } from "./clock";
import { createPublicHandlers } from "./public-handlers";
import type { PublicViews } from "./public-views";
import { createPublicViews } from "./public-views";

/**
 * The process's public handlers. The view cache lives on globalThis: Next
 * bundles route modules separately, and one cache per process is the point.
 * STATUS_REVISION_CHECK_MS bounds how long another instance's write can go
 * unseen here (default 1000 ms).
 */
const holder = globalThis as typeof globalThis & { __statusPublicViews?: PublicViews };
const checkMs = Number(process.env.STATUS_REVISION_CHECK_MS);

holder.__statusPublicViews ??= createPublicViews({
  getDb: getDatabase,
  clock: systemClock,
  revisionCheckMs: Number.isFinite(checkMs) && checkMs >= 0 ? checkMs : 1000,
});

export const publicViews: PublicViews = holder.__statusPublicViews;
export const publicApi = createPublicHandlers(publicViews);
