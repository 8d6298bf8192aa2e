import { expect, it } from "vitest";
import { findSchemaDrift, readSchemaFiles } from "./testing/schema-drift";
import { forEachDatabase } from "./testing/databases";

const header = `datasource db {
  provider = "postgresql"
  schemas  = ["public", "status"]
}
`;

forEachDatabase((getDb) => {
  it("the Prisma schema and the SQL migrations describe the same tables", async () => {
    expect(await findSchemaDrift(getDb().sql, readSchemaFiles())).toEqual([]);
  });

  it("names every disagreement of a deliberately wrong schema", async () => {
    await getDb().sql.exec(`
      CREATE TABLE public.drift_probe (
        id bigint PRIMARY KEY,
        label varchar(20) NOT NULL,
        seen_at timestamptz(6),
        span int8range,
        extra text
      )`);
    const wrong = `${header}
model DriftProbe {
  id      Int      @id
  label   String   @db.VarChar(40)
  seenAt  DateTime @map("seen_at") @db.Timestamptz(3)
  span    Unsupported("int8range")
  missing String?

  @@map("drift_probe")
  @@schema("public")
}

model Ghost {
  id Int @id

  @@map("ghost")
  @@schema("status")
}
`;
    const problems = await findSchemaDrift(getDb().sql, [["wrong.prisma", wrong]]);
    expect(problems).toEqual([
      "public.drift_probe (model DriftProbe): column id is int8, schema says int4",
      "public.drift_probe (model DriftProbe): column label has length 20, schema says 40",
      "public.drift_probe (model DriftProbe): column seen_at is nullable, schema says required",
      "public.drift_probe (model DriftProbe): column seen_at has precision 6, schema says 3",
      "public.drift_probe (model DriftProbe): column missing missing",
      "public.drift_probe (model DriftProbe): column span is nullable, schema says required",
      "public.drift_probe (model DriftProbe): column extra exists in the database but not in the schema",
      "status.ghost (model Ghost): table missing",
    ]);
  });
});
