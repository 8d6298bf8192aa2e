import { keccak_256 } from "@noble/hashes/sha3.js";

/** The contract both contract benches call: `balanceOf(address)` over `mapping(address => uint)` at slot 0, by hand. */
export const BALANCE_OF = Uint8Array.from(Buffer.from("600435600052600060205260406000205460005260206000f3", "hex"));
export const BENCH_CONTRACT_NUM = 1001n;
const HOLDER_WORD = `${"00".repeat(12)}${"ab".repeat(20)}`;
/** `balanceOf(0xabab…ab)`. */
export const BALANCE_OF_CALLDATA = Uint8Array.from(Buffer.from(`70a08231${HOLDER_WORD}`, "hex"));
/** The holder's slot, `keccak256(holder ‖ 0)`, and what it holds. */
export const BALANCE_SLOT = keccak_256(Uint8Array.from(Buffer.from(`${HOLDER_WORD}${"0".repeat(64)}`, "hex")));
export const BALANCE = Uint8Array.of(0x12, 0x34);

/** The rows that deploy it: its entity, its bytecode, the holder's balance slot. */
export const BENCH_CONTRACT_ROWS: ReadonlyArray<readonly [string, readonly unknown[]]> = [
  ["INSERT INTO entity (id, num, realm, shard, type, timestamp_range) VALUES ($1, $1, 0, 0, 'CONTRACT', '[0,)') ON CONFLICT DO NOTHING", [BENCH_CONTRACT_NUM]],
  ["INSERT INTO contract (id, runtime_bytecode) VALUES ($1, $2) ON CONFLICT DO NOTHING", [BENCH_CONTRACT_NUM, BALANCE_OF]],
  [
    "INSERT INTO contract_state (contract_id, created_timestamp, modified_timestamp, slot, value) VALUES ($1, 0, 0, $2, $3) ON CONFLICT DO NOTHING",
    [BENCH_CONTRACT_NUM, BALANCE_SLOT, BALANCE],
  ],
];
