/**
 * In-process benchmark of contract calls on one core (`npm run bench:contracts`):
 * a `balanceOf`-shaped call (a mapping read: KECCAK256 of the key and slot,
 * one SLOAD) on a pooled EVM with its state in memory (the EVM alone), the
 * demo ledger's solc-compiled DemoToken's `balanceOf` likewise, then the first
 * call through the `/contracts/call` handler on PGlite; and the opcode trace
 * of a demo ledger DemoToken transfer through its handler on PGlite. Each
 * figure per second of wall time and per second of the process's CPU time.
 */
import { Address } from "@ethereumjs/util";
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import { migrate } from "@/lib/db/migrator";
import { readMigrations } from "@/lib/db/migrations";
import { openDatabase } from "@/lib/db/open";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import { ARTIFACTS, hexBytes } from "@/lib/seed/mirror/contracts/artifacts";
import { seedMirrorData } from "@/lib/seed/mirror";
import { createContractCallHandler } from "../call/call-handler";
import { createOpcodesHandler } from "../opcodes/opcodes-handler";
import { contractCallSettings } from "../call/settings";
import { BALANCE, BALANCE_OF, BALANCE_OF_CALLDATA as CALLDATA, BENCH_CONTRACT_NUM as CONTRACT_NUM, BENCH_CONTRACT_ROWS } from "./bench-contract";
import { deployedCode } from "./caches";
import { execute, type BlockContext } from "./execute";
import { longZeroAddress, type Resolved, type StateSource } from "./mirror-state";
import { EvmPool } from "./pool";
import { hardforkAt } from "./versions";

const BLOCK: BlockContext = { number: 1n, timestamp: 1_700_000_000n, prevRandao: new Uint8Array(32) };
const DURATION_MS = 3_000;
const NO_PARAMS = { params: Promise.resolve({}) };

/** The contract and the holder's slot, in memory: what the EVM would read from the mirror, without the SQL. */
function memoryState(code: Uint8Array): StateSource {
  const contract: Resolved = { entity: { id: CONTRACT_NUM, type: "CONTRACT", balance: 0n, ethereum_nonce: 0n, evm_address: null }, ...deployedCode(code) };
  const contractKey = longZeroAddress(CONTRACT_NUM).toString();
  return {
    resolve: async (address) => (address.toString() === contractKey ? contract : undefined),
    // The bench contract's slot is BALANCE_SLOT, DemoToken's that of its own balanceOf mapping: any slot answers the balance.
    storage: async (address) => (address.toString() === contractKey ? BALANCE : new Uint8Array()),
  };
}

/** Operations per second of wall time, and per second of this process's CPU time (what a shared machine's load does not dilute as much). */
type Rate = { readonly wall: number; readonly cpu: number };

async function perSecond(work: () => Promise<unknown>): Promise<Rate> {
  for (let warm = 0; warm < 500; warm++) await work();
  let operations = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - started < DURATION_MS) {
    await work();
    operations++;
  }
  const { user, system } = process.cpuUsage(cpu);
  return { wall: (operations * 1_000) / (performance.now() - started), cpu: (operations * 1_000_000) / (user + system) };
}

/** `balanceOf(0xabab…ab)` on a pooled EVM over `contract`, the slot read answering BALANCE. */
async function evmAlone(contract: Uint8Array): Promise<Rate> {
  const pool = new EvmPool(1, 298n, hardforkAt(298n, BLOCK.number));
  const source = memoryState(contract);
  const call = { caller: longZeroAddress(2n), to: longZeroAddress(CONTRACT_NUM), data: CALLDATA, value: 0n, gas: 15_000_000n };
  return pool.use(async (pooled) => {
    const check = await execute(pooled, source, BLOCK, call);
    if (!check.ok || Buffer.from(check.output).toString("hex") !== "1234".padStart(64, "0")) throw new Error("balanceOf answered wrong");
    return perSecond(() => execute(pooled, source, BLOCK, call));
  });
}

async function throughHandler(): Promise<Rate> {
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  await migrate(db.sql, readMigrations());
  for (const [text, params] of BENCH_CONTRACT_ROWS) await db.sql.query(text, params);
  // Unwrapped by route(): no request log line per call in the figure.
  const handler = createContractCallHandler({ sql: async () => db.sql, config: DEFAULT_MIRROR_CONFIG, now: () => 0n }, contractCallSettings({ CONTRACT_CALL_REQUESTS_PER_SECOND: "1000000000" }));
  const body = JSON.stringify({ to: new Address(longZeroAddress(CONTRACT_NUM).bytes).toString(), data: `0x${Buffer.from(CALLDATA).toString("hex")}` });
  const send = async () => {
    const response = await handler(new Request("http://localhost/api/v1/contracts/call", { method: "POST", headers: { "content-type": "application/json" }, body }), NO_PARAMS);
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  };
  try {
    return await perSecond(send);
  } finally {
    await db.close();
  }
}

/** The trace of the demo ledger's last successful DemoToken transfer (stack only, then memory and storage too). */
async function traceThroughHandler(queries: readonly string[]): Promise<Array<{ perSecond: Rate; ops: number }>> {
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  await migrate(db.sql, readMigrations());
  await seedMirrorData(db, { now: new Date("2026-11-22T12:00:00.500Z"), scale: 1 });
  const [transfer] = await db.sql.query<{ hash: Uint8Array }>(
    `SELECT r.transaction_hash AS hash FROM contract_result r JOIN contract c ON c.id = r.contract_id
      WHERE c.runtime_bytecode = $1 AND r.transaction_result = 22 AND substring(r.function_parameters FROM 1 FOR 4) = '\\xa9059cbb'::bytea
      ORDER BY r.consensus_timestamp DESC LIMIT 1`,
    [hexBytes(ARTIFACTS.DemoToken.deployedBytecode)],
  );
  const mirror = { sql: async () => db.sql, config: DEFAULT_MIRROR_CONFIG, now: () => 0n };
  const handler = createOpcodesHandler(mirror, { enabled: true, requestsPerSecond: 1_000_000_000 }, contractCallSettings({}));
  const transactionIdOrHash = `0x${Buffer.from(transfer!.hash).toString("hex")}`;
  const context = { params: Promise.resolve({ transactionIdOrHash }) };
  const figures = [];
  try {
    for (const query of queries) {
      const request = () => new Request(`http://localhost/api/v1/contracts/results/${transactionIdOrHash}/opcodes?${query}`, { headers: { "accept-encoding": "gzip" } });
      const first = await handler(request(), context);
      if (first.status !== 200) throw new Error(`trace answered ${first.status}`);
      // The handler answers plain JSON; the server gzips it (not measured here).
      const { opcodes } = (await first.json()) as { opcodes: unknown[] };
      figures.push({ perSecond: await perSecond(() => handler(request(), context)), ops: opcodes.length });
    }
    return figures;
  } finally {
    await db.close();
  }
}

const round = (value: number) => Math.round(value).toLocaleString("en-US");
const format = ({ wall, cpu }: Rate) => `${round(wall)} calls/s (${(1_000_000 / wall).toFixed(0)} µs); ${round(cpu)} calls per CPU-second`;

console.log(`Machine: ${formatMachine(describeMachine())}`);
console.log(`balanceOf, EVM alone (pooled EVM, fresh overlay, state in memory): ${format(await evmAlone(BALANCE_OF))}`);
console.log(`balanceOf of the demo ledger's DemoToken (solc, 1,331 bytes), EVM alone: ${format(await evmAlone(hexBytes(ARTIFACTS.DemoToken.deployedBytecode)))}`);
console.log(`balanceOf, /contracts/call handler on PGlite (parse, throttle, block, entities, slots and bytecode cached, EVM): ${format(await throughHandler())}`);
const TRACES = [["stack", "stack=true"], ["stack, memory and storage", "memory=true&storage=true"]] as const;
(await traceThroughHandler(TRACES.map(([, query]) => query))).forEach((trace, index) => {
  console.log(`trace of a DemoToken transfer (${trace.ops} ops, ${TRACES[index]![0]}), opcodes handler on PGlite (replay at ts - 1, JSON): ${format(trace.perSecond).replaceAll("calls", "traces")}`);
});
