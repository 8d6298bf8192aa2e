import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The rules of eslint.config.mjs that keep the house in order, as the
 * project's own configuration applies them: each deliberate violation below
 * must be reported, at its line, by the rule that guards against it.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint();
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => `${message.line} ${message.ruleId}`);
}

describe("manage writes go through manageWrite", () => {
  const violations = [
    'import type { Database } from "@/lib/db";',
    'import { pathId } from "../manage-schemas";',
    'import type { ServiceContext } from "./context";',
    'import { manageWrite, type Tx } from "./transaction";',
    "export async function bypass(db: Database, tx: unknown) {",
    '  await db.prisma.component.update({ where: { id: "x" }, data: { name: "y" } });',
    "  await db.prisma.$executeRaw`UPDATE status.component SET name = 'y'`;",
    "  await db.prisma.$transaction(async () => null);",
    '  await db.sql.query("DELETE FROM status.component");',
    "  return tx as Tx;",
    "}",
    "export function unaudited(context: ServiceContext, id: string) {",
    '  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id) => {',
    "    await tx.component.delete({ where: { id } });",
    "    return { result: id, audit: [] };",
    "  });",
    "}",
  ].join("\n");

  it("reports every way around the wrapper, at its line", async () => {
    expect(await problems("lib/status/manage/violation.ts", violations)).toEqual([
      "6 house/manage-write",
      "7 house/manage-write",
      "8 house/manage-write",
      "8 house/manage-write",
      "9 house/manage-write",
      "10 house/manage-write",
      "15 house/manage-write",
    ]);
  });

  it("lets reads through the process client and audited writes pass", async () => {
    const code = [
      'import type { Database } from "@/lib/db";',
      'import { pathId } from "../manage-schemas";',
      'import type { ServiceContext } from "./context";',
      'import { audited, manageWrite, unchanged } from "./transaction";',
      "export const read = (db: Database) => db.prisma.component.findMany({});",
      "export function remove(context: ServiceContext, id: string) {",
      '  return manageWrite(context, { scope: "write", schema: pathId, input: id }, async (tx, id) => {',
      "    if (!(await tx.component.findFirst({ where: { id } }))) return unchanged(null);",
      "    await tx.component.delete({ where: { id } });",
      '    return audited(id, { entityType: "component", verb: "delete", entityId: id, before: null, after: null });',
      "  });",
      "}",
    ].join("\n");
    expect(await problems("lib/status/manage/compliant.ts", code)).toEqual([]);
  });
});

describe("dependencies point one way: app -> components -> lib", () => {
  it("lib imports neither app nor components, by alias or relative path", async () => {
    const code = ['import "@/app/admin/layout";', 'import "../../app/admin/layout";', 'import "@/components/admin/field";', 'import "../../components/admin/field";'].join("\n");
    expect(await problems("lib/pages/violation.ts", code)).toEqual(["1 no-restricted-imports", "2 no-restricted-imports", "3 no-restricted-imports", "4 no-restricted-imports"]);
  });

  it("components import lib, not app", async () => {
    expect(await problems("components/admin/violation.tsx", 'import "@/app/admin/layout";\nimport "@/lib/pages/console-actions";')).toEqual(["1 no-restricted-imports"]);
  });

  it("production code imports no test support; tests and tools may", async () => {
    const code = 'import "@/lib/db/testing/databases";\nimport "./api-keys.test";';
    expect(await problems("lib/status/manage/violation.ts", code)).toEqual(["1 no-restricted-imports", "2 no-restricted-imports"]);
    expect(await problems("app/admin/violation.tsx", code)).toEqual(["1 no-restricted-imports", "2 no-restricted-imports"]);
    expect(await problems("lib/status/manage/violation.test.ts", code)).toEqual([]);
    expect(await problems("lib/fees/bench-violation.ts", code)).toEqual([]);
  });

  it("the console and the pages write through the manage API, not a verb", async () => {
    const code = 'import "@/lib/status/manage/create-incident";\nimport "../status/manage/api-keys";\nimport "@/lib/status/manage/routes";';
    expect(await problems("lib/pages/violation.ts", code)).toEqual(["1 no-restricted-imports", "2 no-restricted-imports"]);
    expect(await problems("components/admin/violation.tsx", code)).toEqual(["1 no-restricted-imports", "2 no-restricted-imports"]);
    expect(await problems("lib/pages/violation.test.ts", code)).toEqual([]);
  });
});
