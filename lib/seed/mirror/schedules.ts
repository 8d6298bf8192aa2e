import { proto } from "@hiero-ledger/proto";
import { bigIntToLong } from "@/lib/mirror/proto-long";
import { NANOS_PER_DAY, NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { HBAR, hbars, pickFunded, pickOther, type SeedContext } from "./context";
import { SIGNATURE_TYPE, signatureBytes } from "./keys";
import type { AccountState } from "./ledger";
import { RESULT, TYPE } from "./transactions";
import { entityRow } from "./entity-row";

/**
 * Scheduled transactions: a creator schedules an hbar transfer that needs the
 * sender's signature too. Most get it and execute (the scheduled transfer
 * follows the signing transaction by a nanosecond), some are deleted by
 * their admin, the rest wait: pending until they expire, or expired.
 */
const DEFAULT_EXPIRY = 30n * 60n * NANOS_PER_SECOND;
const MEMOS = ["payroll batch", "vesting release", "multisig payout", "subscription renewal", "escrow settlement"];

type ScheduleState = {
  id: bigint;
  createdAt: bigint;
  creator: AccountState;
  /** Whose hbars the scheduled transfer moves, and to whom. */
  sender: AccountState;
  receiver: AccountState;
  adminKey: Uint8Array | null;
  memo: string;
  body: Buffer;
  expiration: bigint;
  waitForExpiry: boolean;
  executedAt: bigint | null;
  deleted: boolean;
  since: bigint;
  history: Array<{ from: bigint; to: bigint }>;
};

export class Schedules {
  readonly all: ScheduleState[] = [];
}

export function createSchedule(ctx: SeedContext, at: bigint, schedules: Schedules): void {
  const { random, recorder, ledger } = ctx;
  const creator = pickFunded(ctx, 20n * HBAR);
  if (!creator?.signer) return;
  const sender = pickOther(ctx, creator.id);
  if (!sender.signer) return;
  const receiver = random.chance(0.5) ? creator : pickOther(ctx, sender.id);
  const amount = hbars(random, 1, 100);
  const waitForExpiry = random.chance(0.15);
  const schedule: ScheduleState = {
    id: ledger.nextId(),
    createdAt: at,
    creator,
    sender,
    receiver,
    adminKey: random.chance(0.7) ? creator.key : null,
    memo: `${random.pick(MEMOS)} ${random.int(1, 60)}`,
    body: Buffer.from(
      proto.SchedulableTransactionBody.encode({
        transactionFee: bigIntToLong(200_000_000n),
        cryptoTransfer: {
          transfers: {
            accountAmounts: [
              { accountID: { accountNum: bigIntToLong(sender.id) }, amount: bigIntToLong(-amount) },
              { accountID: { accountNum: bigIntToLong(receiver.id) }, amount: bigIntToLong(amount) },
            ],
          },
        },
      }).finish(),
    ),
    expiration: at + (waitForExpiry ? BigInt(random.int(1, 3)) * NANOS_PER_DAY : DEFAULT_EXPIRY),
    waitForExpiry,
    executedAt: null,
    deleted: false,
    since: at,
    history: [],
  };
  const created = recorder.record({ at, type: TYPE.SCHEDULECREATE, payer: creator.id, usd: 0.01, entityId: schedule.id, memo: schedule.memo });
  schedules.all.push(schedule);
  sign(ctx, at, schedule, creator);
  if (schedule.waitForExpiry) return;
  const outcome = random.weighted([
    ["execute", 55],
    ["delete", 15],
    ["wait", 30],
  ] as const);
  const due = at + BigInt(random.int(60, 1_500)) * NANOS_PER_SECOND;
  if (outcome === "execute") {
    ctx.later(due, (later) => {
      if (later >= schedule.expiration || ledger.balanceOf(sender.id) < HBAR || sender.deleted) return;
      recorder.record({ at: later, type: TYPE.SCHEDULESIGN, payer: sender.id, usd: 0.001, entityId: schedule.id });
      sign(ctx, later, schedule, sender);
      // The sender's signature completes it: it executes at once, under the creating transaction's id.
      const executed = later + 1n;
      const payerCanPay = !creator.deleted && ledger.balanceOf(creator.id) >= HBAR;
      const funded = payerCanPay && ledger.balanceOf(sender.id) >= amount + HBAR;
      recorder.record({
        at: executed,
        type: TYPE.CRYPTOTRANSFER,
        payer: creator.id,
        usd: payerCanPay ? 0.0001 : 0,
        result: funded ? RESULT.SUCCESS : RESULT.INSUFFICIENT_ACCOUNT_BALANCE,
        validStart: created.validStart,
        scheduled: true,
        hbar: [
          { account: sender.id, amount: -amount },
          { account: receiver.id, amount },
        ],
      });
      schedule.executedAt = executed;
    });
  } else if (outcome === "delete" && schedule.adminKey) {
    ctx.later(due, (later) => {
      if (later >= schedule.expiration || ledger.balanceOf(creator.id) < HBAR || creator.deleted) return;
      recorder.record({ at: later, type: TYPE.SCHEDULEDELETE, payer: creator.id, usd: 0.001, entityId: schedule.id });
      schedule.history.push({ from: schedule.since, to: later });
      schedule.deleted = true;
      schedule.since = later;
    });
  }
}

/** The signature a ScheduleCreate or ScheduleSign adds, kept against the schedule. */
function sign(ctx: SeedContext, at: bigint, schedule: ScheduleState, signer: AccountState): void {
  const key = signer.signer!;
  ctx.rows.add("transaction_signature", {
    consensus_timestamp: at,
    entity_id: schedule.id,
    public_key_prefix: key.bytes,
    signature: signatureBytes(ctx.random),
    type: SIGNATURE_TYPE[key.type],
  });
}

export function writeSchedules(ctx: SeedContext, schedules: Schedules): void {
  for (const schedule of schedules.all) {
    ctx.rows.add("schedule", {
      consensus_timestamp: schedule.createdAt,
      creator_account_id: schedule.creator.id,
      executed_timestamp: schedule.executedAt,
      expiration_time: schedule.expiration,
      payer_account_id: schedule.creator.id,
      schedule_id: schedule.id,
      transaction_body: schedule.body,
      wait_for_expiry: schedule.waitForExpiry,
    });
    const entity = (deleted: boolean, range: readonly [bigint, bigint | null]) => entityRow({
      id: schedule.id,
      created_timestamp: schedule.createdAt,
      deleted,
      expiration_timestamp: schedule.expiration,
      key: schedule.adminKey,
      memo: schedule.memo,
      timestamp_range: range,
      type: "SCHEDULE",
    });
    ctx.rows.add("entity", entity(schedule.deleted, [schedule.since, null]));
    for (const { from, to } of schedule.history) ctx.rows.add("entity_history", entity(false, [from, to]));
  }
}
