import type { SqlClient } from "@/lib/db";
import { findBlock } from "@/lib/mirror/blocks/queries";
import { MAX_INT64 } from "@/lib/mirror/timestamp";
import { hashWord, hashWordValue, type BlockContext } from "../evm/execute";
import { findEarliestBlock, findLatestBlock, type CallBlockRow } from "./queries";
import type { BlockSpec } from "./block";
import { badRequest } from "./errors";

/** A call's block, and the consensus timestamp its state is read at (undefined: the latest tables). */
export type ResolvedBlock = { readonly context: BlockContext; readonly asOf: bigint | undefined };

const NANOS_PER_SECOND = 1_000_000_000n;
/** How long the latest block is reused: its NUMBER and TIMESTAMP lag the table by at most this. */
const LATEST_BLOCK_MS = 500;

/** The latest record file, read at most every half second per instance (upstream caches it too). */
export class LatestBlock {
  private latest: { at: number; row: Promise<CallBlockRow | undefined> } | undefined;

  get(sql: SqlClient): Promise<CallBlockRow | undefined> {
    const now = performance.now();
    if (this.latest && now - this.latest.at < LATEST_BLOCK_MS) return this.latest.row;
    const entry = { at: now, row: findLatestBlock(sql) };
    this.latest = entry;
    void entry.row.catch(() => this.latest === entry && (this.latest = undefined));
    return entry.row;
  }
}

/**
 * The record file a `block` names (upstream `RecordFileService`): latest, the
 * earliest, by index, or by hash prefix; a name that matches none is 400
 * `Unknown block number`. Any block but latest is read as of its `consensus_end`.
 */
export async function resolveBlock(sql: SqlClient, spec: BlockSpec, now: bigint, latestBlock: LatestBlock): Promise<ResolvedBlock> {
  if (spec.kind === "latest") {
    const latest = await latestBlock.get(sql);
    // An empty ledger still runs calls: block 0 at the current time.
    return { context: latest ? contextOf(latest) : { number: 0n, timestamp: now / NANOS_PER_SECOND, prevRandao: new Uint8Array(32) }, asOf: undefined };
  }
  const row = spec.kind === "earliest" ? await findEarliestBlock(sql) : await findBlock(sql, spec.kind === "hash" ? { hash: spec.hash } : { number: spec.number });
  if (!row) throw badRequest("Unknown block number");
  return { context: contextOf(row), asOf: row.consensus_end };
}

function contextOf(row: CallBlockRow): BlockContext {
  return { number: row.index, timestamp: row.consensus_start / NANOS_PER_SECOND, prevRandao: hashWord(row.hash) };
}

/** BLOCKHASH as Hedera answers it: any past block's hash, 0 above the current block or when unknown. */
export function blockHashes(sql: SqlClient, current: bigint): (number: bigint) => Promise<bigint> {
  return async (number) => {
    if (number > current || number > MAX_INT64) return 0n;
    const row = await findBlock(sql, { number });
    return row ? hashWordValue(row.hash) : 0n;
  };
}
