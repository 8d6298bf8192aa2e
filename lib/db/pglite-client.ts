import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { INT8_OID, type SqlClient } from "./sql-client";

const parsers = { [INT8_OID]: (value: string) => BigInt(value) };

/** Opens the embedded database: a folder on disk, or memory when `dataDir` is null. */
export async function openPglite(dataDir: string | null): Promise<{ pglite: PGlite; sql: SqlClient }> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  } catch (error) {
    releaseLock();
    throw error;
  }
  const sql: SqlClient = {
    async query(text, params = []) {
      const result = await pglite.query(text, params as unknown[], { parsers });
      return result.rows as never[];
    },
    async exec(text) {
      await pglite.exec(text);
    },
    withSession: (work) => work(sql),
    async close() {
      await pglite.close();
      releaseLock();
    },
  };
  return { pglite, sql };
}

/**
 * PGlite is a single-process database: two processes writing one folder
 * corrupt it. A pid file makes the second opener fail with a clear message.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => fs.rmSync(lockPath, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8"));
      if (holder === process.pid || isAlive(holder)) {
        throw new Error(
          `The embedded database at ${dataDir} is in use by process ${holder}. ` +
            "Stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database at ${dataDir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
