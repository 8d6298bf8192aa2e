import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { callEstimate } from "@/lib/fees/testing/estimate-client";
import { createMirrorFeeState } from "@/lib/fees/mirror-state";
import { seedMirrorData } from "@/lib/seed/mirror";
import { SHOWCASE } from "@/lib/seed/mirror/showcase";
import { exampleUrl, FEE_EXAMPLES } from "./fee-examples";

type Estimate = { total: number; notes?: string[] };

const shipped = (id: string) => new Uint8Array(readFileSync(`public${exampleUrl(id)}`));

/** The shipped examples priced in STATE mode against the demo ledger a fresh `npm start` serves. */
forEachDatabase((getDb) => {
  beforeAll(async () => {
    // Another day and scale than the seed tests use: the examples must fit any demo ledger.
    expect((await seedMirrorData(getDb(), { now: new Date("2027-02-14T08:00:00Z"), scale: 2 })).seeded).toBe(true);
  });

  const estimate = async (id: string, mode: "STATE" | "INTRINSIC") => {
    const reply = await callEstimate({ query: `?mode=${mode}`, body: shipped(id), state: createMirrorFeeState(getDb().sql) });
    expect(reply.status, id).toBe(200);
    return reply.json as Estimate;
  };

  it.each(FEE_EXAMPLES.map((example) => [example.id]))("%s names only entities the demo ledger has", async (id) => {
    const notes = (await estimate(id, "STATE")).notes ?? [];
    expect(notes.filter((note) => /not found/.test(note))).toEqual([]);
  });

  it("the demo ledger has the token, collection and topic the examples name, each with custom fees", async () => {
    const rows = await getDb().sql.query<{ id: bigint; kind: string }>(
      `SELECT t.token_id AS id, t.type::text AS kind FROM token t JOIN custom_fee c ON c.entity_id = t.token_id
        WHERE t.token_id = ANY($1) AND (jsonb_array_length(coalesce(c.fixed_fees, '[]')) + jsonb_array_length(coalesce(c.fractional_fees, '[]')) + jsonb_array_length(coalesce(c.royalty_fees, '[]'))) > 0
       UNION ALL
       SELECT t.id, 'TOPIC' FROM topic t JOIN custom_fee c ON c.entity_id = t.id WHERE t.id = $2 AND jsonb_array_length(c.fixed_fees) > 0
       ORDER BY 1`,
      [[SHOWCASE.token.num, SHOWCASE.collection.num], SHOWCASE.topic.num],
    );
    expect(rows).toEqual([
      { id: SHOWCASE.token.num, kind: "FUNGIBLE_COMMON" },
      { id: SHOWCASE.collection.num, kind: "NON_FUNGIBLE_UNIQUE" },
      { id: SHOWCASE.topic.num, kind: "TOPIC" },
    ]);
  });

  describe("STATE differs from INTRINSIC where the ledger's custom fees say so", () => {
    it.each([["token-transfer"], ["topic-message"]])("%s", async (id) => {
      expect((await estimate(id, "STATE")).total).toBeGreaterThan((await estimate(id, "INTRINSIC")).total);
    });
  });
});
