import { z } from "zod";
import { getDatabase, type SqlDatabase } from "@/lib/db";
import { poolSizeFromEnv } from "@/lib/db/config";
import { openSqlDatabase } from "@/lib/db/open";
import { log } from "@/lib/http/log";
import { DEFAULT_MIRROR_CONFIG } from "./config";
import type { MirrorContext } from "./context";

const mirrorUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "must be a postgres:// or postgresql:// URL")
  .optional()
  .or(z.literal("").transform(() => undefined));

const holder = globalThis as typeof globalThis & { __mirrorDatabase?: Promise<SqlDatabase> };

/**
 * Where mirror reads go. With MIRROR_DATABASE_URL, an existing mirror node's
 * PostgreSQL: never migrated by us, and every session read-only so no bug of
 * ours can write to it. Without it, the app's own database, whose migrations
 * carry the mirror tables.
 */
export function getMirrorDatabase(env: Record<string, string | undefined> = process.env): Promise<SqlDatabase> {
  const parsed = mirrorUrl.safeParse(env.MIRROR_DATABASE_URL);
  if (!parsed.success) throw new Error(`Invalid environment variable MIRROR_DATABASE_URL: ${parsed.error.issues[0]?.message}`);
  if (!parsed.data) return getDatabase();
  holder.__mirrorDatabase ??= openReadOnly(parsed.data, poolSizeFromEnv(env)).catch((error: unknown) => {
    holder.__mirrorDatabase = undefined;
    throw error;
  });
  return holder.__mirrorDatabase;
}

async function openReadOnly(url: string, poolSize: number): Promise<SqlDatabase> {
  const readOnly = new URL(url);
  readOnly.searchParams.set("options", "-c default_transaction_read_only=on");
  // Raw SQL only: the mirror tables are never read through Prisma, so no Prisma client (and no second pool).
  const db = await openSqlDatabase({ kind: "postgres", url: readOnly.toString() }, { poolSize });
  log.info("mirror database ready", { database: `${readOnly.hostname}:${readOnly.port || "5432"}${readOnly.pathname}`, readOnly: true });
  return db;
}

/** Closes the separate mirror database if one is open (shutdown; tests that change MIRROR_DATABASE_URL). */
export async function closeMirrorDatabase(): Promise<void> {
  const open = holder.__mirrorDatabase;
  holder.__mirrorDatabase = undefined;
  if (open) await (await open).close();
}

/** The mirror context of the running server. */
export const serverMirror: MirrorContext = {
  sql: async () => (await getMirrorDatabase()).sql,
  config: DEFAULT_MIRROR_CONFIG,
  now: () => BigInt(Date.now()) * 1_000_000n,
};
