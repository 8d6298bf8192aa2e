import { expect, it } from "vitest";
import { findSchemaDrift, readSchemaFiles } from "@/lib/db/testing/schema-drift";
import { forEachDatabase } from "@/lib/db/testing/databases";

/**
 * lib/db/schema-drift.test.ts compares every Prisma model with the database,
 * but Prisma leaves `@@ignore`d models out of its model list. The mirror's
 * keyless tables (history twins, transfer lists) are such models, so this
 * compares them too: in a copy of the schema each `@@ignore` becomes an id on
 * the model's first required scalar, which is all Prisma needs to list it.
 */
const IGNORED_MODEL = /^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm;
const REQUIRED_SCALAR = /^\s*(\w+)\s+(?:BigInt|Int|String|Boolean|Bytes)\s/m;

function withIgnoredModelsListed(text: string): string {
  return text.replace(IGNORED_MODEL, (block, _name: string, body: string) => {
    if (!/^\s*@@ignore\s*$/m.test(body)) return block;
    const key = REQUIRED_SCALAR.exec(body)?.[1];
    if (!key) throw new Error(`no required scalar to stand in as the key of ${block.split("\n")[0]}`);
    return block.replace(/^\s*@@ignore\s*$/m, `  @@id([${key}])`);
  });
}

forEachDatabase((getDb) => {
  it("the @@ignore'd mirror models match their tables too", async () => {
    const files = readSchemaFiles().map(([name, text]): [string, string] => [name, withIgnoredModelsListed(text)]);
    expect(files.some(([, text]) => /^\s*@@ignore\s*$/m.test(text))).toBe(false);
    expect(await findSchemaDrift(getDb().sql, files)).toEqual([]);
  });
});
