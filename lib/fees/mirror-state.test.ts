import { beforeEach, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { describeWith } from "@/lib/testing/describe-with";
import { callEstimate, hexToBytes } from "./testing/estimate-client";
import { FEE_VECTORS, httpVectors } from "./testing/fee-vectors";
import { createMirrorFeeState } from "./mirror-state";
import { writeFeeStateFixtures } from "./testing/mirror-state-fixtures";
import type { FeeStateFixtures } from "./state";

const stateVectors = httpVectors.filter((vector) => /mode=state/i.test(vector.request.query));

const SCHEDULE = { node: { baseFee: 1 }, network: { multiplier: 2 } };

forEachDatabase((getDb) => {
  describeWith([FEE_VECTORS], "every STATE vector, its fixtures stored in the mirror tables", () => {
    it("has STATE vectors to run", () => expect(stateVectors.length).toBeGreaterThan(20));

    it.each(stateVectors.map((vector) => [vector.id, vector] as const))("%s", async (_id, vector) => {
      await writeFeeStateFixtures(getDb().sql, vector.request.state_fixtures as FeeStateFixtures | null);
      const reply = await callEstimate({
        query: vector.request.query,
        contentType: vector.request.content_type,
        body: vector.request.body_hex === null ? null : hexToBytes(vector.request.body_hex),
        state: createMirrorFeeState(getDb().sql),
      });
      if ("json" in vector.expected) {
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual(vector.expected.json);
      } else {
        expect(reply.status).toBe(Number(vector.expected.status));
      }
    });
  });

  describe("lookups", () => {
    beforeEach(() =>
      writeFeeStateFixtures(getDb().sql, {
        tokens: [
          { id: "0.0.5000", type: "NON_FUNGIBLE_UNIQUE", custom_fees: false },
          { id: "1.2.3", type: "FUNGIBLE_COMMON", custom_fees: true },
        ],
        topics: [{ id: "0.0.7000", custom_fees: true }],
      }),
    );

    it("answers tokens in request order, null for unknown and impossible ids", async () => {
      const state = createMirrorFeeState(getDb().sql);
      const found = await state.getTokens([
        { shard: 1n, realm: 2n, num: 3n },
        { shard: 0n, realm: 0n, num: 4999n },
        { shard: 0n, realm: 0n, num: 5000n },
        { shard: 0n, realm: 0n, num: 1n << 40n },
        { shard: -1n, realm: 0n, num: 5000n },
      ]);
      expect(found).toEqual([{ nonFungible: false, hasCustomFees: true }, null, { nonFungible: true, hasCustomFees: false }, null, null]);
    });

    it("answers topics with their custom-fee flag", async () => {
      const state = createMirrorFeeState(getDb().sql);
      expect(await state.getTopics([{ shard: 0n, realm: 0n, num: 7000n }, { shard: 0n, realm: 0n, num: 7001n }])).toEqual([{ hasCustomFees: true }, null]);
    });
  });

  describe("the schedule from file 0.0.113", () => {
    const write = async (rows: Array<[number, number, string]>) => {
      await writeFeeStateFixtures(getDb().sql, null);
      for (const [timestamp, type, content] of rows) {
        await getDb().sql.query("INSERT INTO file_data (consensus_timestamp, entity_id, file_data, transaction_type) VALUES ($1, 113, $2, $3)", [
          timestamp,
          Buffer.from(content),
          type,
        ]);
      }
    };

    it("is null when the database has no such file", async () => {
      await write([]);
      expect(await createMirrorFeeState(getDb().sql).getFeeSchedule()).toBeNull();
    });

    it("joins the newest create or non-empty update with the appends after it", async () => {
      const text = JSON.stringify(SCHEDULE);
      await write([
        [10, 17, '{"stale": true}'],
        [20, 19, text.slice(0, 10)],
        [30, 16, text.slice(10, 20)],
        [40, 19, ""],
        [50, 16, text.slice(20)],
      ]);
      expect(await createMirrorFeeState(getDb().sql).getFeeSchedule()).toEqual(SCHEDULE);
    });

    it("is re-read at most every ten minutes and stays the same object while unchanged", async () => {
      await write([[10, 17, JSON.stringify(SCHEDULE)]]);
      let now = 0;
      const state = createMirrorFeeState(getDb().sql, () => now);
      const first = await state.getFeeSchedule();
      await write([[10, 17, JSON.stringify({ ...SCHEDULE, network: { multiplier: 3 } })]]);
      now = 9 * 60_000;
      expect(await state.getFeeSchedule()).toBe(first);
      now = 11 * 60_000;
      expect(await state.getFeeSchedule()).toEqual({ ...SCHEDULE, network: { multiplier: 3 } });
      now = 22 * 60_000;
      const again = await state.getFeeSchedule();
      now = 33 * 60_000;
      expect(await state.getFeeSchedule()).toBe(again);
    });

    it("falls back to the built-in schedule for content that is not JSON", async () => {
      await write([[10, 17, "\u0008\u0001\u0012\u0000"]]);
      expect(await createMirrorFeeState(getDb().sql).getFeeSchedule()).toBeNull();
    });
  });
});
