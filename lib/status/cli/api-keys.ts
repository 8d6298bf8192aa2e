import os from "node:os";
import { parseArgs } from "node:util";
import { databaseTargetFromEnv } from "@/lib/db/config";
import { readMigrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/db/migrator";
import { openDatabase } from "@/lib/db/open";
import { ApiError } from "@/lib/http/errors";
import { systemClock } from "../clock";
import { createApiKey, listApiKeys, revokeApiKey } from "../manage/api-keys";
import type { ServiceContext } from "../manage/context";

const USAGE = `usage:
  npm run status:keys -- list
  npm run status:keys -- create --name <name> [--scopes read,write]
  npm run status:keys -- revoke <id>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, scopes: { type: "string" } },
});
const [command, id] = positionals;

const db = await openDatabase(databaseTargetFromEnv(), { poolSize: 1 });
try {
  await migrate(db.sql, readMigrations());
  const page = await db.prisma.page.findFirst({ orderBy: { id: "asc" }, select: { id: true } });
  if (!page) throw new Error("No status page in this database yet: start the server once, or run npm run db:seed");
  // The operator at the terminal acts with full rights; the audit log names them.
  const context: ServiceContext = {
    db,
    clock: systemClock,
    pageId: page.id,
    actor: { apiKeyId: null, name: `cli (${os.userInfo().username})`, scopes: ["read", "write"] },
  };
  if (command === "list") {
    for (const key of await listApiKeys(context)) {
      console.log(`${key.id}  ${key.revokedAt ? "revoked " : "active  "}  ${key.scopes.join(",").padEnd(10)}  ${key.name}`);
    }
  } else if (command === "create") {
    const { key, apiKey } = await createApiKey(context, { name: values.name, scopes: values.scopes?.split(",").map((scope) => scope.trim()) });
    console.log(`Created ${apiKey.id} (${apiKey.scopes.join(",")}) "${apiKey.name}". The key, shown only now:\n${key}`);
  } else if (command === "revoke" && id) {
    const revoked = await revokeApiKey(context, id);
    console.log(`Revoked ${revoked.id} "${revoked.name}".`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  const message = error instanceof ApiError ? error.messages.map((entry) => [entry.message, entry.detail].filter(Boolean).join(": ")).join("\n") : (error as Error).message;
  console.error(message);
  process.exitCode = 1;
} finally {
  await db.close();
}
