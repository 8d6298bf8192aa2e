import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type Migration = { name: string; sql: string; checksum: string };

const MIGRATION_DIR = /^\d{14}_[a-z0-9_]+$/;

// Read at run time from the app folder, not bundled (the migrator needs the files themselves).
export const DEFAULT_MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");

/** The migrations on disk, oldest first. Line endings are normalized so a checkout's settings never change a checksum. */
export function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      if (!MIGRATION_DIR.test(entry.name)) {
        throw new Error(`Migration folder ${entry.name} must be named <YYYYMMDDHHMMSS>_<snake_case_name>`);
      }
      const sql = fs.readFileSync(path.join(dir, entry.name, "migration.sql"), "utf8").replace(/\r\n/g, "\n");
      return { name: entry.name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
