import path from "node:path";
import { z } from "zod";

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "must be a postgres:// or postgresql:// URL");

const environment = z.object({
  DATABASE_URL: postgresUrl.optional().or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().trim().min(1).default(".data"),
});

/** Connections each PostgreSQL pool of an app instance may open (upstream's REST server: 10). */
export const DEFAULT_POOL_SIZE = 10;

const poolSize = z
  .string()
  .regex(/^[1-9][0-9]{0,3}$/, "must be a whole number from 1 to 9999")
  .transform(Number);

/** Where the app's database lives: an embedded PGlite folder or a PostgreSQL server. */
export type DatabaseTarget = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string };

/** Reads the target from the environment; a bad `DATABASE_URL` stops the start with its reason. */
export function databaseTargetFromEnv(env: Record<string, string | undefined> = process.env): DatabaseTarget {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const { DATABASE_URL, DATA_DIR } = parsed.data;
  if (DATABASE_URL) return { kind: "postgres", url: DATABASE_URL };
  return { kind: "pglite", dataDir: path.resolve(DATA_DIR, "pglite") };
}

/** `DATABASE_POOL_SIZE`, else the default; a bad value stops the start with its reason. */
export function poolSizeFromEnv(env: Record<string, string | undefined> = process.env): number {
  const value = env.DATABASE_POOL_SIZE?.trim();
  if (!value) return DEFAULT_POOL_SIZE;
  const parsed = poolSize.safeParse(value);
  if (!parsed.success) throw new Error(`Invalid environment variable DATABASE_POOL_SIZE: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "pglite") return target.dataDir ? `embedded PGlite at ${target.dataDir}` : "embedded PGlite in memory";
  const url = new URL(target.url);
  return `PostgreSQL at ${url.hostname}:${url.port || "5432"}${url.pathname}`;
}
