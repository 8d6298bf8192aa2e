import { beforeAll, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { MAX_INT64 } from "../timestamp";
import { readSystemFile } from "./system-file";

const decodeText = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString();
  if (!text.endsWith(".")) throw new Error("incomplete");
  return text;
};
const everything = { lower: 0n, upper: MAX_INT64, hasUpper: false };

forEachDatabase((getDb) => {
  beforeAll(async () => {
    const rows: Array<[bigint, string, number]> = [
      [100n, "first ", 17],
      [200n, "version.", 16],
      [300n, "", 19],
      [400n, "second ", 19],
      [500n, "broken", 16],
    ];
    for (const [timestamp, data, type] of rows) {
      await getDb().sql.query("INSERT INTO file_data (consensus_timestamp, entity_id, file_data, transaction_type) VALUES ($1, 9999, $2, $3)", [
        timestamp,
        Buffer.from(data),
        type,
      ]);
    }
  });

  it("joins a create with its appends and falls back past a version that does not decode", async () => {
    expect(await readSystemFile(getDb().sql, 9999n, everything, decodeText)).toEqual({ value: "first version.", timestamp: 200n });
  });

  it("reads as of the upper bound, skipping empty updates", async () => {
    expect(await readSystemFile(getDb().sql, 9999n, { ...everything, upper: 350n }, decodeText)).toEqual({ value: "first version.", timestamp: 200n });
    expect(await readSystemFile(getDb().sql, 9999n, { ...everything, upper: 150n }, decodeText)).toBeUndefined();
  });

  it("finds nothing before the lower bound", async () => {
    expect(await readSystemFile(getDb().sql, 9999n, { ...everything, lower: 150n }, decodeText)).toBeUndefined();
  });
});
