import type { SqlDatabase } from "@/lib/db";
import { getMirrorDatabase } from "@/lib/mirror/db";
import { createEstimateFeesHandler } from "./estimate-handler";
import { createMirrorFeeState } from "./mirror-state";
import type { FeeStateSource } from "./state";

// One state source per database, so its schedule cache lives as long as the connection.
const sources = new WeakMap<SqlDatabase, FeeStateSource>();

/** STATE reads the mirror tables where `/api/v1` reads them: MIRROR_DATABASE_URL when set. */
async function mirrorFeeState(): Promise<FeeStateSource> {
  const db = await getMirrorDatabase();
  let source = sources.get(db);
  if (!source) {
    source = createMirrorFeeState(db.sql);
    sources.set(db, source);
  }
  return source;
}

/** `POST /api/v1/network/fees` wired to the mirror tables. */
export const estimateFees = createEstimateFeesHandler({ state: mirrorFeeState });
