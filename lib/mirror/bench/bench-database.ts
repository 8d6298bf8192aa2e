import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { migratedDatabase } from "@/lib/bench/bench-postgres";
import { withPgClient } from "@/lib/db/postgres-client";
import { keepFilesResident, type ResidentFiles } from "@/lib/bench/resident-files";

export const DATAGEN_PATH = path.resolve("..", "shared", "bench", "mirror-datagen.sql");
/** Our contracts on top of mirror-datagen.sql's transactions, run after it in the same psql session. */
export const CONTRACTS_DATAGEN_PATH = path.resolve("lib", "mirror", "bench", "contracts-datagen.sql");
const DATAGEN_SCRIPTS = [DATAGEN_PATH, CONTRACTS_DATAGEN_PATH];

/**
 * A dataset of mirror-datagen.sql and contracts-datagen.sql: their psql
 * variables, the topic messages we add (the scripts write no topics), and how
 * long loading takes.
 */
export type BenchScale = { name: string; variables: Readonly<Record<string, string>>; topicMessages: number; loadTime: string };

export const BENCH_SCALES = {
  small: { name: "small", variables: { scale: "small" }, topicMessages: 500_000, loadTime: "~1 min" },
  large: { name: "large", variables: { scale: "large" }, topicMessages: 5_000_000, loadTime: "~7 min" },
  /** For checking the benchmark itself end to end in seconds. */
  tiny: {
    name: "tiny",
    variables: { scale: "small", accounts: "5000", transactions: "20000", tokens: "50", token_accounts: "2000", contracts: "50" },
    topicMessages: 10_000,
    loadTime: "~2 s",
  },
} as const satisfies Record<string, BenchScale>;

// Written after a load completes, removed before one starts: a load cut short is never taken as done.
const MARKER_TABLE = "mirror_bench_dataset";

/**
 * The name of a scale's database: `mirror_bench_<scale>`, or with the prefix
 * BENCH_DATABASE_PREFIX gives instead of `mirror_bench_` (on a server shared
 * by several people, each loads and measures databases of their own).
 */
export function benchDatabaseName(scale: BenchScale, env: Record<string, string | undefined> = process.env): string {
  const prefix = env.BENCH_DATABASE_PREFIX || "mirror_bench_";
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX must be lower-case letters, digits and underscores, got ${JSON.stringify(prefix)}`);
  return `${prefix}${scale.name}`;
}

/**
 * The scale's database (benchDatabaseName) on the server, migrated to our schema
 * and loaded with the scale's dataset. Kept between runs: loaded again only
 * when the marker of a finished load with the same variables and datagen
 * script is missing, and recreated when one of its applied migrations was
 * edited since (the mirror migration is still open for edits).
 */
export async function prepareBenchDatabase(serverUrl: string, scale: BenchScale): Promise<string> {
  const name = benchDatabaseName(scale);
  const dataset = datasetFingerprint(scale);
  const { url } = await migratedDatabase(serverUrl, name);
  if (await isLoaded(url, dataset)) {
    console.log(`${name}: already loaded with scale=${scale.name}.`);
    return url;
  }
  console.log(`${name}: loading scale=${scale.name} with psql (${scale.loadTime})…`);
  const started = Date.now();
  await withPgClient(url, (client) => client.query(`DROP TABLE IF EXISTS ${MARKER_TABLE}`));
  await runDatagen(url, scale);
  await withPgClient(url, async (client) => {
    await client.query("TRUNCATE topic_message");
    await client.query(TOPIC_MESSAGES, [scale.topicMessages, BENCH_TOPICS]);
    await client.query("VACUUM ANALYZE topic_message");
  });
  await withPgClient(url, async (client) => {
    await client.query(`CREATE TABLE ${MARKER_TABLE} (dataset text NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now())`);
    await client.query(`INSERT INTO ${MARKER_TABLE} (dataset) VALUES ($1)`, [dataset]);
  });
  console.log(`${name}: loaded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return url;
}

/**
 * Reads every table and index of the database once, so the operating
 * system's page cache holds it: upstream-perf.md measured upstream with all
 * data in the page cache, and without this LARGE (8 GB) would measure the
 * disk rather than the server. `pg_prewarm` in its `read` mode fills the OS
 * cache, not shared_buffers, so PostgreSQL's settings stay stock. Without
 * the extension (a server lacking contrib) the run goes on cold, and says so.
 */
export async function warmPageCache(url: string): Promise<void> {
  await withPgClient(url, async (client) => {
    const { rowCount } = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_prewarm'");
    if (rowCount === 0) {
      console.log(`${new URL(url).pathname.slice(1)}: pg_prewarm is not available; measuring with a cold page cache.`);
      return;
    }
    const started = Date.now();
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_prewarm");
    const { rows } = await client.query<{ blocks: string }>(
      `SELECT coalesce(sum(pg_prewarm(c.oid, 'read')), 0) AS blocks FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 'm', 't')`,
    );
    const megabytes = (Number(rows[0]?.blocks ?? 0) * 8) / 1024;
    console.log(`${new URL(url).pathname.slice(1)}: read ${megabytes.toFixed(0)} MB into the page cache in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  });
}

/**
 * Keeps the database's files in the page cache for the rest of the run
 * (keepFilesResident): where the kernel pages out file cache left unread
 * for a while, a dataset read at random, as LARGE is, would otherwise be
 * read from disk again while it is measured, unlike upstream's measurement
 * with all data in the page cache. Possible only where the files are on
 * this machine and readable; otherwise undefined, with the reason printed.
 */
export async function keepDatabaseResident(url: string): Promise<ResidentFiles | undefined> {
  const { pathname, hostname } = new URL(url);
  const name = pathname.slice(1);
  // An empty host is a Unix socket: this machine too.
  if (hostname !== "" && hostname !== "localhost" && !hostname.startsWith("127.") && hostname !== "[::1]") {
    console.log(`${name}: the server is not on this machine; its files cannot be kept in the page cache.`);
    return undefined;
  }
  try {
    const directory = await withPgClient(url, async (client) => {
      const { rows } = await client.query<{ dir: string; oid: string }>(
        "SELECT current_setting('data_directory') AS dir, oid::text AS oid FROM pg_database WHERE datname = current_database()",
      );
      return path.join(rows[0]!.dir, "base", rows[0]!.oid);
    });
    const resident = await keepFilesResident(directory);
    console.log(`${name}: keeping ${resident.files} files (${(resident.bytes / 2 ** 30).toFixed(1)} GiB) mapped, so the page cache keeps them.`);
    return resident;
  } catch (error) {
    console.log(`${name}: its files cannot be kept in the page cache (${error instanceof Error ? error.message : String(error)}).`);
    return undefined;
  }
}

export async function dropBenchDatabase(serverUrl: string, scale: BenchScale): Promise<void> {
  await withPgClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${benchDatabaseName(scale)} WITH (FORCE)`));
}

function datasetFingerprint(scale: BenchScale): string {
  const hash = createHash("sha256");
  for (const script of DATAGEN_SCRIPTS) hash.update(fs.readFileSync(script));
  const scripts = hash.digest("hex").slice(0, 16);
  const variables = Object.entries(scale.variables)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");
  return `${variables} topic_messages=${scale.topicMessages} datagen=${scripts}`;
}

async function isLoaded(url: string, dataset: string): Promise<boolean> {
  return withPgClient(url, async (client) => {
    const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass($1) IS NOT NULL AS present", [MARKER_TABLE]);
    if (!rows[0]?.present) return false;
    const { rowCount } = await client.query(`SELECT 1 FROM ${MARKER_TABLE} WHERE dataset = $1`, [dataset]);
    return rowCount === 1;
  });
}

const BENCH_TOPICS = 100;

/**
 * Topic messages for /topics/{id}/messages, which mirror-datagen.sql leaves
 * empty: `$1` messages spread round-robin over `$2` topics (ids 0.0.900000001
 * on, clear of the script's accounts and tokens), ~1 ms apart from the
 * script's t0 like its transactions, each topic's sequence numbers from 1.
 */
const TOPIC_MESSAGES = `
  INSERT INTO topic_message (consensus_timestamp, message, payer_account_id, running_hash, running_hash_version, sequence_number, topic_id, valid_start_timestamp)
  SELECT 1790812800000000000 + i * 1000000 + 500000,
         convert_to('bench message ' || i, 'UTF8'),
         1001 + i % 1000,
         sha384(int8send(i)),
         3,
         i / $2 + 1,
         900000001 + i % $2,
         1790812800000000000 + i * 1000000 - 1000000000
    FROM generate_series(0::bigint, $1::bigint - 1) AS i`;

/** psql runs the scripts in one session, as their headers say; its output goes to a log beside the report. */
async function runDatagen(url: string, scale: BenchScale): Promise<void> {
  fs.mkdirSync(".reports", { recursive: true });
  const logPath = path.join(".reports", `mirror-bench-load-${scale.name}.log`);
  const variables = Object.entries(scale.variables).flatMap(([key, value]) => ["-v", `${key}=${value}`]);
  const scripts = DATAGEN_SCRIPTS.flatMap((script) => ["-f", script]);
  const out = fs.openSync(logPath, "w");
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("psql", ["-X", "-q", "-d", url, ...variables, ...scripts], { stdio: ["ignore", out, out] });
      child.once("error", (error) => reject(new Error(`could not run psql, which loads the dataset: ${error.message}`)));
      child.once("exit", resolve);
    });
    if (code !== 0) throw new Error(`psql exited with code ${code} loading ${DATAGEN_SCRIPTS.join(" and ")}; see ${logPath}`);
  } finally {
    fs.closeSync(out);
  }
}
