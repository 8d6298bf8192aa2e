import type { Database, SqlClient } from "@/lib/db";
import { FIRST_NODE_ACCOUNT_NUM } from "@/lib/mirror/system-entities";
import { accountBirths, addSystemAccounts, writeAccounts } from "./accounts";
import { EventQueue, playHistory, type Registers } from "./activity";
import { Airdrops, writeAirdrops } from "./airdrops";
import { Allowances, writeAllowances } from "./allowances";
import { bulkInsert } from "./bulk-insert";
import type { SeedContext } from "./context";
import { contractEvents, DemoContracts, writeContracts } from "./contracts/demo";
import { Ledger } from "./ledger";
import { NODE_IDS, rateBoard, systemEvents, writeNodesAndFiles } from "./network";
import { Random } from "./random";
import { Schedules, writeSchedules } from "./schedules";
import { StakingRewards } from "./staking";
import { writeBalanceSnapshot, writeBlocks } from "./stream-files";
import { MIRROR_TABLES, MirrorRows, type MirrorTable } from "./tables";
import { compareBigInt, timelineOf, transactionTimes } from "./timeline";
import { distributeGenesisTokens, tokenBirths, writeTokens } from "./tokens";
import { Topics, topicBirths, writeTopics } from "./topics";
import { TransactionRecorder } from "./transactions";
import { writeRegisteredNodes } from "./registered-nodes";

/**
 * The mirror demo data: a small ledger network, written through the
 * upstream mirror tables, whose every balance is explained by its transfers.
 * Deterministic for a given clock and scale.
 */
export type MirrorSeedOptions = { now: Date; scale: number };
export type MirrorSeedReport = { seeded: boolean; rows: number; buildMs: number; writeMs: number };

/** Users, tokens and topics are numbered from here, in order of creation. */
const FIRST_USER_NUM = 1001n;

export async function buildMirrorData({ now, scale }: MirrorSeedOptions): Promise<MirrorRows> {
  const timeline = timelineOf(now);
  const rows = new MirrorRows();
  const ledger = new Ledger(FIRST_USER_NUM);
  const micros = new Set<bigint>();
  const queue = new EventQueue(micros, new Random("follow-ups"), timeline.lastBlockEnd);
  const staking = new StakingRewards(ledger, NODE_IDS);
  const rates = rateBoard({ timeline }, new Random("exchange rates"));
  const nodeAccounts = NODE_IDS.map((id) => FIRST_NODE_ACCOUNT_NUM + id);
  const recorder = new TransactionRecorder(ledger, rows, new Random("fees"), nodeAccounts, () => rates.get(), staking);
  const ctx: SeedContext = { timeline, scale, ledger, rows, recorder, staking, random: new Random("activity"), users: [], later: (due, step) => queue.after(due, step) };
  const registers: Registers = { topics: new Topics(), schedules: new Schedules(), airdrops: new Airdrops(), allowances: new Allowances() };

  // The network as the mirror's history finds it.
  const genesis = new Map<bigint, bigint>();
  const births = [
    ...accountBirths(ctx, new Random("accounts"), genesis),
    ...tokenBirths(ctx, new Random("tokens")),
    ...topicBirths(ctx, new Random("topics"), registers.topics),
  ].sort((a, b) => compareBigInt(a.at, b.at));
  for (const birth of births) birth.born(ledger.nextId());
  addSystemAccounts(ctx, new Random("system accounts"), genesis);
  distributeGenesisTokens(ctx, new Random("token holders"));
  writeNodesAndFiles(ctx, new Random("nodes"));
  writeRegisteredNodes(ctx, new Random("registered nodes"));
  staking.start();
  writeBalanceSnapshot(ctx, timeline.mirrorStart, true);

  // Its history.
  for (const event of systemEvents(ctx, new Random("network"), rates)) {
    micros.add(event.at / 1_000n);
    queue.at(event.at, event.run);
  }
  const contracts = new DemoContracts();
  for (const step of contractEvents(ctx, new Random("contracts"), micros, contracts)) queue.at(step.at, step.run);
  await playHistory(ctx, registers, transactionTimes(timeline, new Random("slots"), scale, micros), queue);

  // Where it stands now.
  staking.writeEntityStakes(rows, timeline.now);
  writeAccounts(ctx);
  writeTokens(ctx);
  writeTopics(ctx, registers.topics);
  writeSchedules(ctx, registers.schedules);
  writeAirdrops(ctx, registers.airdrops);
  writeAllowances(ctx, registers.allowances);
  writeBlocks(ctx, new Random("blocks"));
  writeContracts(ctx, contracts);
  return rows;
}

const TABLES = Object.keys(MIRROR_TABLES) as MirrorTable[];

/** True when none of the tables the demo ledger writes holds a row. */
export async function mirrorTablesEmpty(sql: SqlClient): Promise<boolean> {
  const [row] = await sql.query<{ taken: boolean }>(`SELECT ${TABLES.map((table) => `EXISTS (SELECT 1 FROM ${table})`).join(" OR ")} AS taken`);
  return row?.taken === false;
}

/**
 * Writes the demo ledger in one transaction, only when every mirror table it
 * writes is empty: it never mixes with real or earlier data. The tables are
 * checked again under a lock, so two seeders at once write it once.
 */
export async function seedMirrorData(db: Database, options: MirrorSeedOptions): Promise<MirrorSeedReport> {
  if (!(await mirrorTablesEmpty(db.sql))) return { seeded: false, rows: 0, buildMs: 0, writeMs: 0 };
  const started = performance.now();
  const rows = await buildMirrorData(options);
  const built = performance.now();
  const seeded = await db.sql.withSession(async (session) => {
    await session.query("BEGIN");
    try {
      await session.query("LOCK TABLE entity IN SHARE ROW EXCLUSIVE MODE");
      if (!(await mirrorTablesEmpty(session))) {
        await session.query("ROLLBACK");
        return false;
      }
      for (const table of TABLES) await bulkInsert(session, table, rows.of(table));
      await session.query("COMMIT");
      return true;
    } catch (error) {
      await session.query("ROLLBACK");
      throw error;
    }
  });
  const total = Object.values(rows.counts()).reduce((sum, count) => sum + count, 0);
  return { seeded, rows: seeded ? total : 0, buildMs: Math.round(built - started), writeMs: Math.round(performance.now() - built) };
}
