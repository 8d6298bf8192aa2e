import { randomBytes } from "node:crypto";
import { withPgClient } from "../postgres-client";

/** A new empty database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `scratch_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withPgClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withPgClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

