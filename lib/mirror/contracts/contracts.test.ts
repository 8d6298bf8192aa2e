import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { parseJsonExact } from "@/lib/http/json";
import { serveInProcess } from "@/lib/routes/in-process";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import { loadSetup } from "../conformance/loader";
import type { MirrorContext } from "../context";

/**
 * /contracts, /contracts/{id} and /contracts/{id}/state beyond upstream's
 * spec files: the order in which upstream reports a bad request (path form,
 * query, contract, then the checks that need it), the messages of each
 * spelling it refuses, and int64's end in a timestamp filter.
 */
const CONTRACT = 5001n;
const ADDRESS = "70f2b2914a2a4b783faefb75f459a580616fcb5e";
const UNKNOWN_ADDRESS = "5e17c988cc14ae5f0bf328245eaf88f081c3a614";

type Body = { _status?: { messages: Array<{ message: string }> }; links?: { next: string | null }; state?: Array<{ slot: string; value: string }> };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => 0n };
  const get = async (path: string) => {
    const response = await serveInProcess(mirror, new Request(`http://localhost/api/v1${path}`));
    return { status: response!.status, body: parseJsonExact(await response!.text()) as Body };
  };
  const messages = (body: Body) => body._status?.messages.map((entry) => entry.message);

  beforeAll(async () => {
    await loadSetup(
      getDb().sql,
      {
        contracts: [{ num: String(CONTRACT), evm_address: ADDRESS, timestamp_range: "[1000,)", created_timestamp: "1000" }],
        contractStates: [1, 2, 3].map((slot) => ({ contract_id: String(CONTRACT), slot: slot.toString(16).padStart(64, "0"), value: (slot * 16).toString(16) })),
        contractStateChanges: [{ contract_id: String(CONTRACT), consensus_timestamp: "2000", slot: "0x01", value_read: "0x01", value_written: "0x02" }],
      },
      DEFAULT_MIRROR_CONFIG.system,
    );
  });

  describe("/contracts", () => {
    it("takes an EVM address with eq only and without 0x, and resolves it", async () => {
      expect((await get(`/contracts?contract.id=${ADDRESS}`)).body).toMatchObject({ contracts: [{ contract_id: "0.0.5001", evm_address: `0x${ADDRESS}` }] });
      for (const value of [`0x${ADDRESS}`, `gt:${ADDRESS}`, "abc", "1.2.3.4"]) {
        expect(messages((await get(`/contracts?contract.id=${value}`)).body), value).toEqual(["Invalid parameter: contract.id"]);
      }
      expect(await get(`/contracts?contract.id=${UNKNOWN_ADDRESS}`)).toEqual({
        status: 404,
        body: { _status: { messages: [{ message: `No contract with the given evm address 0x${UNKNOWN_ADDRESS} has been found.` }] } },
      });
      // A bare number is a num, so the system shard and realm come in front of it.
      expect(messages((await get("/contracts?contract.id=-1")).body)).toEqual(["Invalid parameter: contractid"]);
    });
  });

  describe("/contracts/{contractIdOrAddress}", () => {
    it("checks the path's form, then the query, then the id", async () => {
      expect(messages((await get("/contracts/abc?timestamp=x")).body)).toEqual(["Invalid parameter: contractid"]);
      expect(messages((await get("/contracts/-1?timestamp=x")).body)).toEqual(["Invalid parameter: timestamp"]);
      expect(messages((await get("/contracts/-1")).body)).toEqual(['Invalid entity ID "0.0.-1"']);
    });

    it("reads a timestamp past int64's end as its end, instead of failing in the database", async () => {
      // The current version is valid from its start on, int64's end included; nothing is after that end.
      for (const op of ["", "lte:", "lt:", "gt:", "gte:", "ne:"]) {
        const { status } = await get(`/contracts/${CONTRACT}?timestamp=${op}9999999999.999999999`);
        expect(status, op).toBe(op === "gt:" || op === "ne:" ? 404 : 200);
      }
    });
  });

  describe("/contracts/{contractIdOrAddress}/state", () => {
    it("looks the contract up before it refuses ne on timestamp", async () => {
      expect((await get(`/contracts/0x${UNKNOWN_ADDRESS}/state?timestamp=ne:1`)).status).toBe(404);
      expect(messages((await get(`/contracts/${ADDRESS}/state?timestamp=ne:1`)).body)).toEqual(["Not equals (ne) operator is not supported for timestamp"]);
      expect(messages((await get("/contracts/x/state?limit=x")).body)).toEqual(["Invalid parameter: contractid"]);
      expect(messages((await get("/contracts/-1/state?limit=x")).body)).toEqual(["Invalid parameter: limit"]);
      expect(messages((await get("/contracts/-1/state")).body)).toEqual(["Invalid parameter: contractid"]);
    });

    it("pages by slot, the next bound a 32-byte word", async () => {
      const first = await get(`/contracts/${CONTRACT}/state?limit=2`);
      expect(first.body.state?.map((entry) => entry.value.slice(-2))).toEqual(["10", "20"]);
      expect(first.body.links?.next).toBe(`/api/v1/contracts/${CONTRACT}/state?limit=2&slot=gt:0x${"2".padStart(64, "0")}`);
      const second = await get(first.body.links!.next!.replace("/api/v1", ""));
      expect(second.body.state?.map((entry) => entry.slot)).toEqual([`0x${"3".padStart(64, "0")}`]);
      expect(second.body.links?.next).toBeNull();
    });

    it("as of a timestamp, reads the changes, whose slots are stored without leading zeros", async () => {
      const { body } = await get(`/contracts/${CONTRACT}/state?timestamp=0.000002&slot=${"1".padStart(64, "0")}`);
      expect(body.state).toEqual([{ address: `0x${ADDRESS}`, contract_id: "0.0.5001", timestamp: "0.000002000", slot: `0x${"1".padStart(64, "0")}`, value: `0x${"2".padStart(64, "0")}` }]);
      expect((await get(`/contracts/${CONTRACT}/state?timestamp=0.000001999`)).body.state).toEqual([]);
    });
  });
});
