import { describe, expect, it } from "vitest";
import { TOTAL_SUPPLY_TINYBARS } from "@/lib/mirror/network/render";
import { compareBigInt } from "./timeline";
import type { MirrorRows } from "./tables";
import { buildMirrorData } from "./index";

/**
 * The demo ledger is built from whatever clock the seed is given (`npm start`
 * gives it the instant it starts), so it must hold together at every clock.
 * Built in memory, without a database, at clocks of different phases: the
 * millisecond, the 2-second block, the hour, midnight (a staking period),
 * the month (fee schedules) and the year.
 */
const CLOCKS = [
  // Blocks in which a $2 fee-charging topic's creation overdrew its owner: 0.0.3223, then 0.0.3388.
  "2026-11-24T18:06:56.000Z",
  "2026-11-24T18:06:57.999Z",
  "2026-11-11T05:03:40.955Z",
  "2026-11-24T18:06:58.001Z",
  "2026-11-24T17:59:59.999Z",
  "2026-11-24T18:00:00.000Z",
  "2026-11-24T23:59:59.999Z",
  "2026-11-25T00:00:00.000Z",
  "2026-11-25T00:00:01.234Z",
  "2026-12-01T00:29:59.750Z",
  "2026-12-31T23:59:59.999Z",
  "2027-03-14T09:26:53.589Z",
];

/**
 * What breaks the ledger's hbar accounting: an account's balance (now and at
 * every snapshot) that is not its genesis balance plus its transfers, an
 * account overdrawn at any consensus time, a transaction whose transfers do
 * not sum to zero, a supply other than 50 billion hbars, a negative token
 * balance.
 */
function hbarProblems(rows: MirrorRows): string[] {
  const problems: string[] = [];
  const snapshots = [...rows.of("account_balance")].sort((a, b) => compareBigInt(a.consensus_timestamp!, b.consensus_timestamp!));
  const genesisAt = snapshots[0]!.consensus_timestamp!;
  const running = new Map<bigint, bigint>();
  for (const row of snapshots) if (row.consensus_timestamp === genesisAt) running.set(row.account_id!, row.balance!);

  const transfers = [...rows.of("crypto_transfer")].sort((a, b) => compareBigInt(a.consensus_timestamp!, b.consensus_timestamp!));
  let next = 0;
  /** Applies every transfer up to `until`, one transaction at a time, checking each as it lands. */
  const applyThrough = (until: bigint) => {
    while (next < transfers.length && transfers[next]!.consensus_timestamp! <= until) {
      const at = transfers[next]!.consensus_timestamp!;
      let sum = 0n;
      const touched: bigint[] = [];
      for (; next < transfers.length && transfers[next]!.consensus_timestamp === at; next++) {
        const { entity_id: id, amount } = transfers[next]!;
        sum += amount!;
        running.set(id!, (running.get(id!) ?? 0n) + amount!);
        touched.push(id!);
      }
      if (sum !== 0n) problems.push(`transfers at ${at} sum to ${sum}`);
      for (const id of touched) if (running.get(id)! < 0n) problems.push(`0.0.${id} overdrawn at ${at}: ${running.get(id)}`);
    }
  };
  for (const row of snapshots) {
    if (row.consensus_timestamp === genesisAt) continue;
    applyThrough(row.consensus_timestamp!);
    const expected = running.get(row.account_id!) ?? 0n;
    if (row.balance !== expected) problems.push(`0.0.${row.account_id} holds ${row.balance} in the snapshot at ${row.consensus_timestamp}, its transfers say ${expected}`);
  }
  applyThrough(transfers.at(-1)?.consensus_timestamp ?? genesisAt);

  const accounts = rows.of("entity").filter((row) => row.type === "ACCOUNT");
  const known = new Set(accounts.map((row) => row.id!));
  for (const id of running.keys()) if (!known.has(id)) problems.push(`0.0.${id} has transfers but no entity row`);
  let supply = 0n;
  for (const row of accounts) {
    const expected = running.get(row.id!) ?? 0n;
    if (row.balance !== expected) problems.push(`0.0.${row.id} holds ${row.balance}, its genesis balance and transfers say ${expected}`);
    supply += row.balance ?? 0n;
  }
  if (supply !== TOTAL_SUPPLY_TINYBARS) problems.push(`the accounts hold ${supply} tinybars, not the total supply`);
  for (const row of [...rows.of("token_account"), ...rows.of("token_balance")]) {
    if (row.balance! < 0n) problems.push(`0.0.${row.account_id} holds ${row.balance} of token 0.0.${row.token_id}`);
  }
  return problems;
}

describe("the demo ledger at any clock", () => {
  it.each(CLOCKS)("builds at %s, every hbar explained and none overdrawn", async (clock) => {
    const rows = await buildMirrorData({ now: new Date(clock), scale: 1 });
    expect(rows.of("crypto_transfer").length).toBeGreaterThan(10_000);
    expect(hbarProblems(rows)).toEqual([]);
    // The demo shows a failed token transfer at every clock (a DemoToken `transfer` that reverts), not only at lucky ones.
    const reverted = rows.of("contract_result").filter((row) => row.error_message !== null && Buffer.from(row.function_parameters!).toString("hex").startsWith("a9059cbb"));
    expect(reverted.length).toBeGreaterThan(0);
  });
});
