import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route } from "@/lib/http/handler";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { formatEntityId } from "@/lib/mirror/entity-id";
import { formatTimestamp } from "@/lib/mirror/timestamp";
import { seedMirrorData } from "@/lib/seed/mirror";
import { ARTIFACTS, hexBytes } from "@/lib/seed/mirror/contracts/artifacts";
import { contractCallSettings } from "../call/settings";
import { createContractOpcodesHandler, createOpcodesHandler } from "./opcodes-handler";
import type { OpcodeSettings } from "./settings";

const NOW = new Date("2026-11-22T12:00:00.500Z");
const GZIP = { "accept-encoding": "gzip, deflate" };
const ON: OpcodeSettings = { enabled: true, requestsPerSecond: 1_000 };

type Opcode = { pc: number; op: string; gas: number; gas_cost: number; depth: number; stack: string[]; memory: string[]; storage: Record<string, string>; reason: string | null };
type Trace = { address: string; contract_id: string | null; failed: boolean; gas: number; opcodes: Opcode[]; return_value: string };
type Result = { consensus_timestamp: bigint; contract_id: bigint; transaction_hash: Uint8Array; gas_used: bigint; transaction_result: number; call_result: Uint8Array | null; error_message: string | null };

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(NOW.getTime()) * 1_000_000n };
  const call = contractCallSettings({});

  async function get(params: Record<string, string>, options: { query?: string; headers?: Record<string, string>; settings?: OpcodeSettings } = {}) {
    const byContract = "timestamp" in params;
    const create = byContract ? createContractOpcodesHandler : createOpcodesHandler;
    const path = byContract ? `contracts/${params.contractIdOrAddress}/results/${params.timestamp}/opcodes` : `contracts/results/${params.transactionIdOrHash}/opcodes`;
    const response = await route(create(mirror, options.settings ?? ON, call))(
      new Request(`http://localhost/api/v1/${path}${options.query ? `?${options.query}` : ""}`, { headers: options.headers ?? GZIP }),
      { params: Promise.resolve(params) },
    );
    return { status: response.status, body: JSON.parse(await response.text()) as unknown };
  }
  const trace = async (result: Result, query?: string) => {
    const answer = await get({ transactionIdOrHash: hex(result.transaction_hash) }, { query });
    expect(answer.status).toBe(200);
    return answer.body as Trace;
  };

  let results: Result[];
  let ids: { token: bigint; storage: bigint };

  beforeAll(async () => {
    expect((await seedMirrorData(getDb(), { now: NOW, scale: 1 })).seeded).toBe(true);
    const sql = getDb().sql;
    results = await sql.query<Result>(
      "SELECT consensus_timestamp, contract_id, transaction_hash, gas_used, transaction_result, call_result, error_message FROM contract_result ORDER BY consensus_timestamp",
    );
    const idOf = async (name: keyof typeof ARTIFACTS) =>
      (await sql.query<{ id: bigint }>("SELECT id FROM contract WHERE runtime_bytecode = $1", [hexBytes(ARTIFACTS[name].deployedBytecode)]))[0]!.id;
    ids = { token: await idOf("DemoToken"), storage: await idOf("Storage") };
  });

  /** The first Storage.set of the week: value, updates and the setter's slot go from zero to set. */
  const firstSet = () => results.find((result) => result.contract_id === ids.storage && result.call_result !== null && result.call_result.length === 0)!;

  it("pins the trace of the week's first Storage.set exactly (testing/storage-set.trace.json)", async () => {
    const set = firstSet();
    const body = await trace(set);
    const golden = JSON.parse(fs.readFileSync(path.join(__dirname, "testing", "storage-set.trace.json"), "utf8")) as Trace;
    expect(body).toEqual(golden);
    // Checked by hand against Besu's post-execution records: PUSH1 0x80 leaves pc 2 and costs 3 of the
    // gas left after intrinsic gas; the frame ends on STOP with its pc unchanged; each op's gas is
    // the previous one's less its cost; and the ops' costs less the SSTORE refunds are the gas used.
    const [first] = body.opcodes;
    expect(first).toMatchObject({ pc: 2, op: "PUSH1", gas_cost: 3, depth: 0, stack: [`0x${"80".padStart(64, "0")}`], memory: [], storage: {}, reason: null });
    expect(body.opcodes.at(-1)).toMatchObject({ op: "STOP", gas_cost: 0, pc: body.opcodes.at(-2)!.pc });
    for (let index = 1; index < body.opcodes.length; index++) expect(body.opcodes[index]!.gas).toBe(body.opcodes[index - 1]!.gas - body.opcodes[index]!.gas_cost);
    expect(body.opcodes.filter((op) => op.op === "SSTORE")).toHaveLength(3);
    expect(body).toMatchObject({ failed: false, gas: Number(set.gas_used), return_value: "0x", contract_id: formatEntityId(ids.storage) });
  });

  it("replays each DemoToken transfer to its stored gas used, with its SLOADs and SSTOREs on the slots its state changes name", async () => {
    const sql = getDb().sql;
    const transfers = results.filter((result) => result.contract_id === ids.token && result.call_result !== null);
    let checked = 0;
    for (const transfer of transfers) {
      const [input] = await sql.query<{ function_parameters: Uint8Array }>("SELECT function_parameters FROM contract_result WHERE consensus_timestamp = $1", [transfer.consensus_timestamp]);
      if (hex(input!.function_parameters).slice(0, 10) !== "0xa9059cbb") continue;
      const body = await trace(transfer, "storage=true");
      expect(body.gas, String(transfer.consensus_timestamp)).toBe(Number(transfer.gas_used));
      expect(body.failed).toBe(transfer.transaction_result !== 22);
      expect(body.return_value).toBe(transfer.transaction_result === 22 ? hex(transfer.call_result!) : transfer.error_message);
      const changes = await sql.query<{ slot: Uint8Array; value_read: Uint8Array; value_written: Uint8Array | null }>(
        "SELECT slot, value_read, value_written FROM contract_state_change WHERE consensus_timestamp = $1",
        [transfer.consensus_timestamp],
      );
      const word = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex").padStart(64, "0")}`;
      const sloads = body.opcodes.filter((op) => op.op === "SLOAD");
      const sstores = body.opcodes.filter((op) => op.op === "SSTORE");
      // A slot is read once per state change, and written where its change has a written value.
      expect(sloads.length + sstores.length).toBe(changes.length + changes.filter((change) => change.value_written !== null).length);
      expect(sstores).toHaveLength(changes.filter((change) => change.value_written !== null).length);
      // The last op's storage is every slot touched, written value else value read: the state changes.
      expect(body.opcodes.at(-1)!.storage).toEqual(Object.fromEntries(changes.map((change) => [word(change.slot), word(change.value_written ?? change.value_read)])));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("replays every demo contract transaction to its stored gas used, outcome and output (HtsReader's HTS reads included); a REVERT carries its reason", async () => {
    let reverts = 0;
    for (const result of results) {
      const body = await trace(result);
      const failed = result.transaction_result !== 22;
      expect({ gas: body.gas, failed: body.failed }, String(result.consensus_timestamp)).toEqual({ gas: Number(result.gas_used), failed });
      expect(body.return_value).toBe(failed ? result.error_message : hex(result.call_result!));
      const last = body.opcodes.at(-1)!;
      if (failed && last.op === "REVERT") {
        expect(last.reason).toBe(result.error_message);
        reverts++;
      }
    }
    expect(reverts).toBeGreaterThan(3);
  });

  it("answers our /contracts/{id}/results/{timestamp}/opcodes as the trace by hash", async () => {
    const set = firstSet();
    const byContract = await get({ contractIdOrAddress: formatEntityId(ids.storage), timestamp: formatTimestamp(set.consensus_timestamp) });
    expect(byContract).toEqual({ status: 200, body: await trace(set) });
    expect((await get({ contractIdOrAddress: formatEntityId(ids.token), timestamp: formatTimestamp(set.consensus_timestamp) })).status).toBe(404);
  });

  it("answers 404 when disabled, 406 without gzip, 429 past the throttle, 404 for an unknown transaction, 400 for a bad id", async () => {
    const target = { transactionIdOrHash: hex(firstSet().transaction_hash) };
    const web3 = (message: string, detail = "") => ({ _status: { messages: [{ message, detail, data: "" }] } });
    expect(await get(target, { settings: { ...ON, enabled: false } })).toEqual({ status: 404, body: web3("Not Found") });
    expect(await get(target, { headers: {} })).toEqual({ status: 406, body: web3("Not Acceptable", "Accept-Encoding: gzip header is required") });
    expect(await get(target, { headers: { "accept-encoding": "deflate, br" } })).toEqual({ status: 406, body: web3("Not Acceptable", "Accept-Encoding: gzip header is required") });
    const throttled = route(createOpcodesHandler(mirror, { enabled: true, requestsPerSecond: 1 }, call));
    const once = () =>
      throttled(new Request("http://localhost/api/v1/contracts/results/x/opcodes", { headers: GZIP }), { params: Promise.resolve(target) }).then((response) => response.status);
    expect([await once(), await once()]).toEqual([200, 429]);
    const unknown = `0x${"ab".repeat(32)}`;
    expect(await get({ transactionIdOrHash: unknown })).toEqual({ status: 404, body: web3("Not Found", `Contract transaction hash not found: ${unknown}`) });
    expect(await get({ transactionIdOrHash: "0.0.2-1000000000-000000001" })).toEqual({ status: 404, body: web3("Not Found", "Transaction not found: 0.0.2-1000000000-000000001") });
    expect(await get({ transactionIdOrHash: "x" })).toEqual({ status: 400, body: web3("Bad Request", "Unsupported ID format: 'x'") });
    expect(await get(target, { query: "stack=maybe" })).toEqual({ status: 400, body: web3("Bad Request", "Failed to convert 'stack' with value: 'maybe'") });
    expect(await get({ contractIdOrAddress: "x", timestamp: "y" })).toEqual({
      status: 400,
      body: { _status: { messages: [{ message: "Bad Request", detail: "Invalid parameter: contractid", data: "" }, { message: "Bad Request", detail: "Invalid parameter: timestamp", data: "" }] } },
    });
  });
});
