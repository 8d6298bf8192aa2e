import { createHash } from "node:crypto";
import { proto } from "@hiero-ledger/proto";
import { bigIntToLong } from "@/lib/mirror/proto-long";
import { NANOS_PER_DAY, NANOS_PER_SECOND } from "@/lib/mirror/timestamp";
import { AUTO_RENEW_PERIOD, HBAR, hbars, pickFunded, type Birth, type SeedContext } from "./context";
import type { AccountState, FixedFee } from "./ledger";
import { TOPIC_MEMOS } from "./names";
import type { Random } from "./random";
import { RESULT, TYPE, type Recorded } from "./transactions";
import { entityRow } from "./entity-row";
import { expectShowcaseId, SHOWCASE, showcaseBirth } from "./showcase";

/**
 * Topics (HCS): topics with admin and submit keys, a few charging a custom
 * fee per message (HIP-991), and the messages every successful
 * CONSENSUSSUBMITMESSAGE leaves, with sequence numbers, running hashes and
 * chunk information; a few large messages arrive in several chunks.
 */
const TOPICS_PER_SCALE = 8;
const CHUNK_SIZE = 1024;
const RUNNING_HASH_VERSION = 3;

type TopicState = {
  id: bigint;
  createdAt: bigint;
  owner: AccountState;
  adminKey: Uint8Array | null;
  submitKey: Uint8Array | null;
  feeScheduleKey: Uint8Array | null;
  memo: string;
  /** The accounts holding the submit key (any account when there is none). */
  submitters: AccountState[];
  fees: FixedFee[];
  /** How busy it is, relative to the others. */
  weight: number;
  sequence: bigint;
  runningHash: Buffer;
  expiration: bigint;
};

export class Topics {
  readonly all: TopicState[] = [];
}

export function topicBirths(ctx: SeedContext, random: Random, topics: Topics): Birth[] {
  const { networkGenesis, mirrorStart } = ctx.timeline;
  return Array.from({ length: TOPICS_PER_SCALE * ctx.scale }, (_, index) => {
    // Topic 1 is the first that charges a custom fee (every fourth from it does): the showcase topic, with a fixed id.
    const showcase = index === 1;
    const at = showcase ? showcaseBirth(SHOWCASE.topic, networkGenesis) : random.bigint(networkGenesis + 100n * NANOS_PER_DAY, mirrorStart - NANOS_PER_DAY);
    return {
      at,
      born: (id) => {
        if (showcase) expectShowcaseId(SHOWCASE.topic, id);
        topics.all.push(newTopic(ctx, random, id, at, random.pick(ctx.users), index));
      },
    };
  });
}

/** Whether the topic created `index`th charges a custom fee per message: every fourth from topic 1. */
function chargesFee(index: number): boolean {
  return index % 4 === 1;
}

function newTopic(ctx: SeedContext, random: Random, id: bigint, at: bigint, owner: AccountState, index: number): TopicState {
  const gated = random.chance(0.4);
  const charged = chargesFee(index);
  const period = AUTO_RENEW_PERIOD * NANOS_PER_SECOND;
  return {
    id,
    createdAt: at,
    owner,
    adminKey: random.chance(0.7) ? owner.key : null,
    submitKey: gated ? owner.key : null,
    feeScheduleKey: charged ? owner.key : null,
    memo: TOPIC_MEMOS[index % TOPIC_MEMOS.length]!,
    submitters: gated ? [owner, ...random.sample(ctx.users, 2)] : [],
    fees: charged ? [{ amount: hbars(random, 0.01, 0.5), collector: owner.id, denominatingToken: null }] : [],
    weight: 1 / (index + 1) ** 0.8,
    sequence: 0n,
    runningHash: Buffer.alloc(48),
    expiration: at + ((ctx.timeline.now - at) / period + 1n) * period,
  };
}

/**
 * CONSENSUSCREATETOPIC during the history. Creating a topic with a custom fee
 * costs $2, over 10 hbars at the demo's rates and more than pickFunded's
 * margin for fees, so the charge is priced first and the owner chosen among
 * the accounts able to pay it.
 */
export function createTopic(ctx: SeedContext, at: bigint, topics: Topics): void {
  const index = topics.all.length;
  const usd = chargesFee(index) ? 2 : 0.01;
  const fee = ctx.recorder.price(usd);
  const owner = pickFunded(ctx, fee);
  if (!owner) return;
  const topic = newTopic(ctx, ctx.random, ctx.ledger.nextId(), at, owner, index);
  ctx.recorder.record({ at, type: TYPE.CONSENSUSCREATETOPIC, payer: owner.id, usd, fee, entityId: topic.id, memo: topic.memo });
  topics.all.push(topic);
}

/** A message to a topic, weighted towards the busy ones; now and then a large one in chunks. */
export function submitMessage(ctx: SeedContext, at: bigint, topics: Topics): void {
  const { random } = ctx;
  if (topics.all.length === 0) return;
  const topic = random.weighted(topics.all.map((candidate) => [candidate, candidate.weight] as const));
  const insider = topic.submitters.length === 0 || random.chance(0.98);
  const payer = topic.submitters.length > 0 && insider ? random.pick(topic.submitters) : pickFunded(ctx, 2n * HBAR);
  if (!payer || payer.deleted || payer.key === null || ctx.ledger.balanceOf(payer.id) < 2n * HBAR) return;
  const text = messageFor(topic, random, at);
  if (text.length <= CHUNK_SIZE || !insider) {
    const recorded = submit(ctx, at, topic, payer, Buffer.from(text, "utf8"), insider, random.chance(0.8) ? { number: 1, total: 1 } : null);
    if (recorded && random.chance(0.004)) ctx.later(at + BigInt(random.int(200, 1_500)) * 1_000_000n, (later) => ctx.recorder.duplicate(recorded, TYPE.CONSENSUSSUBMITMESSAGE, later));
    return;
  }
  const bytes = Buffer.from(text, "utf8");
  const total = Math.ceil(bytes.length / CHUNK_SIZE);
  const first = submit(ctx, at, topic, payer, bytes.subarray(0, CHUNK_SIZE), true, { number: 1, total });
  if (!first) return;
  let due = at;
  for (let number = 2; number <= total; number++) {
    due += BigInt(random.int(300, 1_500)) * 1_000_000n;
    const chunk = bytes.subarray((number - 1) * CHUNK_SIZE, number * CHUNK_SIZE);
    ctx.later(due, (later) => {
      submit(ctx, later, topic, payer, chunk, true, { number, total, initial: first });
    });
  }
}

type Chunk = { number: number; total: number; initial?: Recorded };

function submit(ctx: SeedContext, at: bigint, topic: TopicState, payer: AccountState, message: Buffer, signed: boolean, chunk: Chunk | null): Recorded | undefined {
  if (ctx.ledger.balanceOf(payer.id) < HBAR) return undefined;
  const charged = topic.fees.filter((fee) => fee.collector !== payer.id);
  // The SDK gives each later chunk the first one's valid start plus its index in nanoseconds.
  const validStart = chunk?.initial ? chunk.initial.validStart + BigInt(chunk.number - 1) : undefined;
  const recorded = ctx.recorder.record({
    at,
    type: TYPE.CONSENSUSSUBMITMESSAGE,
    payer: payer.id,
    usd: charged.length > 0 ? 0.05 : 0.0001,
    entityId: topic.id,
    result: signed ? RESULT.SUCCESS : RESULT.INVALID_SIGNATURE,
    validStart,
    hbar: charged.flatMap((fee) => [
      { account: payer.id, amount: -fee.amount },
      { account: fee.collector, amount: fee.amount },
    ]),
    assessedFees: charged.map((fee) => ({ amount: fee.amount, collector: fee.collector, token: null, payers: [payer.id] })),
  });
  if (!recorded.succeeded) return recorded;
  topic.sequence += 1n;
  topic.runningHash = runningHash(topic, at, message);
  const initial = chunk?.initial ?? recorded;
  ctx.rows.add("topic_message", {
    chunk_num: chunk?.number ?? null,
    chunk_total: chunk?.total ?? null,
    consensus_timestamp: at,
    initial_transaction_id: chunk ? transactionIdBytes(initial.payer, initial.validStart) : null,
    message,
    payer_account_id: payer.id,
    running_hash: topic.runningHash,
    running_hash_version: RUNNING_HASH_VERSION,
    sequence_number: topic.sequence,
    topic_id: topic.id,
    valid_start_timestamp: recorded.validStart,
  });
  return recorded;
}

/** Version 3 chains each message into the topic's running hash with SHA-384. */
function runningHash(topic: TopicState, at: bigint, message: Buffer): Buffer {
  const header = Buffer.alloc(24);
  header.writeBigInt64BE(topic.id, 0);
  header.writeBigInt64BE(topic.sequence, 8);
  header.writeBigInt64BE(at, 16);
  return createHash("sha384").update(topic.runningHash).update(header).update(createHash("sha384").update(message).digest()).digest();
}

/** The serialized `TransactionID` the mirror keeps for a chunked message's first transaction. */
function transactionIdBytes(payer: bigint, validStart: bigint): Buffer {
  return Buffer.from(
    proto.TransactionID.encode({
      accountID: { shardNum: bigIntToLong(0n), realmNum: bigIntToLong(0n), accountNum: bigIntToLong(payer) },
      transactionValidStart: { seconds: bigIntToLong(validStart / NANOS_PER_SECOND), nanos: Number(validStart % NANOS_PER_SECOND) },
    }).finish(),
  );
}

const PLACES = ["Rotterdam", "Singapore", "Felixstowe", "Busan", "Santos", "Antwerp"];

/** What each kind of topic carries, keyed by its memo. */
function messageFor(topic: TopicState, random: Random, at: bigint): string {
  const seconds = Number(at / NANOS_PER_SECOND);
  const n = Number(topic.sequence) + 1;
  switch (topic.memo) {
    case "supply-chain custody events":
      return JSON.stringify({ shipment: `SHP-${10_000 + random.below(90_000)}`, event: random.pick(["loaded", "departed", "arrived", "cleared", "delivered"]), location: random.pick(PLACES), at: seconds });
    case "IoT sensor feed eu-west":
      return JSON.stringify({ sensor: `eu-west-${random.int(1, 48)}`, temp_c: Math.round((12 + random.next() * 14) * 10) / 10, humidity: Math.round(random.next() * 100) / 100, seq: n });
    case "HBAR/USD price oracle":
      return JSON.stringify({ pair: "HBAR/USD", price: (0.16 + random.next() * 0.04).toFixed(5), sources: random.int(3, 7), at: seconds });
    case "DAO proposal votes":
      return JSON.stringify({ proposal: random.int(1, 40), vote: random.pick(["yes", "no", "abstain"]), weight: String(random.int(1, 250_000)) });
    case "carbon registry audit log":
      return `retired ${(random.next() * 50).toFixed(2)} t CO2e from batch GG-${random.int(2019, 2026)}-${String(random.below(10_000)).padStart(4, "0")}`;
    case "game match results":
      return JSON.stringify({ match: n, winner: random.pick(["red", "blue"]), score: `${random.below(6)}-${random.below(6)}`, duration_s: random.int(300, 2400) });
    case "document notarization":
      return random.chance(0.05) ? manifest(random, 2_000 + random.below(2_000)) : `sha256:${createHash("sha256").update(random.bytes(16)).digest("hex")}`;
    case "payments reconciliation":
      return random.chance(0.1) ? manifest(random, 1_500 + random.below(1_500)) : JSON.stringify({ batch: n, count: random.int(10, 900), total: (random.next() * 1e6).toFixed(2), currency: "USD" });
    case "ticket scans":
      return JSON.stringify({ ticket: `TKT-${random.bytes(4).toString("hex").toUpperCase()}`, gate: random.pick(["A", "B", "C", "D"]), ok: random.chance(0.97) });
    default:
      return JSON.stringify({ dataset: `ds-${random.int(100, 999)}`, digest: createHash("sha256").update(random.bytes(16)).digest("hex"), step: n });
  }
}

/** A document larger than one chunk: a list of line items. */
function manifest(random: Random, size: number): string {
  const items: string[] = [];
  for (let line = 1, length = 0; length < size; line++) {
    const item = JSON.stringify({ line, sku: `SKU-${random.int(1_000, 9_999)}`, qty: random.int(1, 500), digest: random.bytes(8).toString("hex") });
    items.push(item);
    length += item.length + 1;
  }
  return `{"type":"manifest","items":[${items.join(",")}]}`;
}

export function writeTopics(ctx: SeedContext, topics: Topics): void {
  for (const topic of topics.all) {
    ctx.rows.add("topic", {
      id: topic.id,
      admin_key: topic.adminKey,
      created_timestamp: topic.createdAt,
      fee_exempt_key_list: null,
      fee_schedule_key: topic.feeScheduleKey,
      submit_key: topic.submitKey,
      timestamp_range: [topic.createdAt, null],
    });
    ctx.rows.add("entity", entityRow({
      id: topic.id,
      auto_renew_account_id: topic.owner.id,
      auto_renew_period: AUTO_RENEW_PERIOD,
      created_timestamp: topic.createdAt,
      expiration_timestamp: topic.expiration,
      key: topic.adminKey,
      memo: topic.memo,
      timestamp_range: [topic.createdAt, null],
      type: "TOPIC",
    }));
    // Every topic gets its (possibly empty) fee schedule row when it is created.
    ctx.rows.add("custom_fee", {
      entity_id: topic.id,
      fixed_fees: topic.fees.length === 0 ? null : topic.fees.map((fee) => ({ all_collectors_are_exempt: false, amount: fee.amount, collector_account_id: fee.collector, denominating_token_id: fee.denominatingToken })),
      fractional_fees: null,
      royalty_fees: null,
      timestamp_range: [topic.createdAt, null],
    });
  }
}

