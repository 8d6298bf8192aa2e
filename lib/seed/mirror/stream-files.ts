import { createHash } from "node:crypto";
import { TREASURY_ACCOUNT_NUM } from "@/lib/mirror/system-entities";
import { NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { NODE_COUNT } from "./accounts";
import type { SeedContext } from "./context";
import type { Random } from "./random";
import { BLOCK_INTERVAL, compareBigInt } from "./timeline";

/**
 * The files the mirror imports: record files (blocks), one per 2-second
 * period with transactions, chained by hash; and balance snapshots, a full one
 * when the history begins and then hourly ones holding the balances that
 * changed (the treasury is in every one, which is how a snapshot is found).
 */
const HAPI_VERSION = [0, 66, 0] as const;
const SOFTWARE_VERSION = [0, 66, 2] as const;

/** `2026-11-22T12_00_00.123456789Z`: how stream file names spell a consensus time. */
function fileInstant(nanos: bigint): string {
  const iso = new Date(Number(nanos / 1_000_000n)).toISOString().slice(0, 19).replace(/:/g, "_");
  return `${iso}.${(nanos % NANOS_PER_SECOND).toString().padStart(9, "0")}Z`;
}

function sha384Hex(text: string): string {
  return createHash("sha384").update(text).digest("hex");
}

export function writeBalanceSnapshot(ctx: SeedContext, at: bigint, full: boolean): void {
  const { ledger, rows } = ctx;
  const accounts = full ? [...ledger.accounts.keys()] : [...new Set([TREASURY_ACCOUNT_NUM, ...ledger.changedAccounts])];
  for (const id of accounts) rows.add("account_balance", { account_id: id, balance: ledger.balanceOf(id), consensus_timestamp: at });
  for (const state of full ? ledger.tokenAccounts.values() : ledger.changedTokenAccounts) {
    rows.add("token_balance", { account_id: state.account, balance: state.balance, consensus_timestamp: at, token_id: state.token });
  }
  const name = `${fileInstant(at)}_Balances.pb.gz`;
  const seconds = at / NANOS_PER_SECOND;
  rows.add("account_balance_file", {
    consensus_timestamp: at,
    count: BigInt(accounts.length),
    file_hash: sha384Hex(name),
    load_end: seconds + 4n,
    load_start: seconds + 3n,
    name,
    synthetic: !full,
    time_offset: 0,
  });
  ledger.changedAccounts.clear();
  ledger.changedTokenAccounts.clear();
}

/** Groups the transactions into record files and numbers them within each. */
export function writeBlocks(ctx: SeedContext, random: Random): void {
  const transactions = ctx.rows.of("transaction").sort((a, b) => compareBigInt(a.consensus_timestamp!, b.consensus_timestamp!));
  const { mirrorStart, networkGenesis } = ctx.timeline;
  // Roughly one block per 2-second period since the network began.
  let number = ((mirrorStart - networkGenesis) / BLOCK_INTERVAL) * 9n / 10n;
  let previous = sha384Hex(`block ${number}`);
  for (let start = 0; start < transactions.length; ) {
    const period = transactions[start]!.consensus_timestamp! / BLOCK_INTERVAL;
    let end = start;
    while (end < transactions.length && transactions[end]!.consensus_timestamp! / BLOCK_INTERVAL === period) {
      transactions[end]!.index = end - start;
      end++;
    }
    const first = transactions[start]!.consensus_timestamp!;
    const last = transactions[end - 1]!.consensus_timestamp!;
    const name = `${fileInstant(first)}.rcd.gz`;
    const hash = sha384Hex(`${previous}${name}${end - start}`);
    number++;
    ctx.rows.add("record_file", {
      consensus_end: last,
      consensus_start: first,
      count: BigInt(end - start),
      digest_algorithm: 0,
      file_hash: sha384Hex(name),
      gas_used: 0n,
      hapi_version_major: HAPI_VERSION[0],
      hapi_version_minor: HAPI_VERSION[1],
      hapi_version_patch: HAPI_VERSION[2],
      hash,
      index: number,
      load_end: last / NANOS_PER_SECOND + 3n,
      load_start: last / NANOS_PER_SECOND + 2n,
      logs_bloom: Buffer.alloc(0),
      name,
      node_id: BigInt(random.below(NODE_COUNT)),
      prev_hash: previous,
      sidecar_count: 0,
      size: (end - start) * random.int(450, 900) + 320,
      software_version_major: SOFTWARE_VERSION[0],
      software_version_minor: SOFTWARE_VERSION[1],
      software_version_patch: SOFTWARE_VERSION[2],
      version: 6,
    });
    previous = hash;
    start = end;
  }
}
