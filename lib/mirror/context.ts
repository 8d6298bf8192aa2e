import type { SqlClient } from "@/lib/db";
import type { MirrorConfig } from "./config";

/** What every mirror handler is built from: where the mirror tables are, and the settings. */
export type MirrorContext = {
  readonly sql: () => Promise<SqlClient>;
  readonly config: MirrorConfig;
  /** Nanoseconds since the epoch; injected so tests can fix the clock (upstream's fakeTime). */
  readonly now: () => bigint;
};
