import { proto } from "@hiero-ledger/proto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { decodeFeeRequestBody } from "./decode";
import { callEstimate } from "./testing/estimate-client";
import { estimateFees, type FeeEstimate, type FeeExtra } from "./price";
import { DEFAULT_FEE_SCHEDULE } from "./schedule";
import { createMemoryFeeState, type FeeStateFixtures } from "./state";
import { encodeBody, signatureMap, type Int64AsNumber, type TransactionBodyInput } from "./testing/transactions";

const account = fc.integer({ min: 1, max: 8 }).map((accountNum): Int64AsNumber<proto.IAccountID> => ({ accountNum }));
const TOKEN_NUMS = [5000, 5001, 5002, 5003] as const;
const TOPIC_NUMS = [7000, 7001, 7002] as const;
const bytes = (maxLength: number) => fc.uint8Array({ maxLength });

const { key } = fc.letrec<{ key: Int64AsNumber<proto.IKey> }>((tie) => ({
  key: fc.oneof(
    { maxDepth: 3, depthIdentifier: "key" },
    fc.record({ ed25519: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
    fc.record({ ECDSASecp256k1: fc.uint8Array({ minLength: 33, maxLength: 33 }) }),
    fc.record({ contractID: fc.record({ contractNum: fc.nat(100) }) }),
    fc.record({ keyList: fc.record({ keys: fc.array(tie("key"), { maxLength: 3 }) }) }),
    fc.record({
      thresholdKey: fc.record({
        threshold: fc.nat(3),
        keys: fc.record({ keys: fc.array(tie("key"), { maxLength: 3 }) }),
      }),
    }),
  ),
}));
const optionalKey = fc.option(key, { nil: undefined });

const accountAmount = fc.record({ accountID: account, amount: fc.integer({ min: -100, max: 100 }) });
const nftTransfer = fc.record({ senderAccountID: account, receiverAccountID: account, serialNumber: fc.nat(50) });
const tokenTransferList = fc.record({
  token: fc.constantFrom(...TOKEN_NUMS).map((tokenNum) => ({ tokenNum })),
  transfers: fc.array(accountAmount, { maxLength: 4 }),
  nftTransfers: fc.array(nftTransfer, { maxLength: 4 }),
});

/** One `TransactionBody.data` member per priceable shape; all valid in both modes (no hooks). */
const transactionData: fc.Arbitrary<TransactionBodyInput> = fc.oneof(
  fc.record({
    cryptoTransfer: fc.record({
      transfers: fc.record({ accountAmounts: fc.array(accountAmount, { maxLength: 5 }) }),
      tokenTransfers: fc.array(tokenTransferList, { maxLength: 3 }),
    }),
  }),
  fc.record({ tokenAirdrop: fc.record({ tokenTransfers: fc.array(tokenTransferList, { maxLength: 3 }) }) }),
  fc.record({
    consensusSubmitMessage: fc.record({
      topicID: fc.constantFrom(...TOPIC_NUMS).map((topicNum) => ({ topicNum })),
      message: bytes(2_000),
    }),
  }),
  fc.record({
    consensusCreateTopic: fc.record({
      adminKey: optionalKey,
      submitKey: optionalKey,
      customFees: fc.array(fc.constant({ fixedFee: { amount: 1 } }), { maxLength: 2 }),
    }),
  }),
  fc.record({
    tokenCreation: fc.record({
      adminKey: optionalKey,
      supplyKey: optionalKey,
      pauseKey: optionalKey,
      customFees: fc.array(fc.constant({ fixedFee: { amount: 1 } }), { maxLength: 2 }),
    }),
  }),
  fc.record({ tokenMint: fc.record({ amount: fc.nat(3), metadata: fc.array(bytes(10), { maxLength: 5 }) }) }),
  fc.record({ cryptoCreateAccount: fc.record({ key: optionalKey }) }),
  fc.record({
    fileCreate: fc.record({ keys: fc.record({ keys: fc.array(key, { maxLength: 3 }) }), contents: bytes(3_000) }),
  }),
  fc.record({
    fileUpdate: fc.record({ fileID: fc.nat(2_000).map((fileNum) => ({ fileNum })), contents: bytes(1_500) }),
  }),
  fc.record({
    scheduleCreate: fc.record({
      adminKey: optionalKey,
      scheduledTransactionBody: fc.constantFrom<Int64AsNumber<proto.ISchedulableTransactionBody>>(
        { contractCall: {} },
        { cryptoTransfer: {} },
      ),
    }),
  }),
  fc.record({ contractCall: fc.record({ gas: fc.nat(100_000), functionParameters: bytes(2_000) }) }),
  fc.record({ systemDelete: fc.constant({ fileID: { fileNum: 5 } }) }),
  fc.record({ cryptoDelete: fc.constant({}) }),
);

const transactionBody = fc
  .tuple(transactionData, fc.record({ payer: account, memo: fc.string({ maxLength: 20 }), highVolume: fc.boolean() }))
  .map(([data, common]): TransactionBodyInput => ({
    transactionID: { accountID: common.payer },
    memo: common.memo,
    highVolume: common.highVolume,
    ...data,
  }));

const wrapping = fc.record({ signatures: fc.nat(6), legacy: fc.boolean(), listCopies: fc.nat(2) });

function wrap(body: Uint8Array, how: { signatures: number; legacy: boolean; listCopies: number }): Uint8Array {
  const sigMap = signatureMap(how.signatures);
  const transaction: proto.ITransaction = how.legacy
    ? { bodyBytes: body, sigMap }
    : { signedTransactionBytes: proto.SignedTransaction.encode({ bodyBytes: body, sigMap }).finish() };
  if (how.listCopies === 0) return proto.Transaction.encode(transaction).finish();
  return proto.TransactionList.encode({
    transactionList: Array.from({ length: how.listCopies }, () => transaction),
  }).finish();
}

const stateFixtures: fc.Arbitrary<FeeStateFixtures> = fc.record({
  tokens: fc.subarray([...TOKEN_NUMS]).chain((nums) =>
    fc.tuple(
      ...nums.map((num) =>
        fc.record({
          id: fc.constant(`0.0.${num}`),
          type: fc.constantFrom("FUNGIBLE_COMMON" as const, "NON_FUNGIBLE_UNIQUE" as const),
          custom_fees: fc.boolean(),
        }),
      ),
    ),
  ),
  topics: fc
    .subarray([...TOPIC_NUMS])
    .chain((nums) =>
      fc.tuple(...nums.map((num) => fc.record({ id: fc.constant(`0.0.${num}`), custom_fees: fc.boolean() }))),
    ),
});

const query = fc
  .record({ mode: fc.constantFrom("INTRINSIC", "STATE"), throttle: fc.integer({ min: 0, max: 10_000 }) })
  .map(({ mode, throttle }) => `?mode=${mode}&high_volume_throttle=${throttle}`);

/** Byte-level damage: flips, insertions, deletions and a truncation. */
const mutations = fc.array(
  fc.record({
    kind: fc.constantFrom("flip", "insert", "delete", "truncate"),
    position: fc.nat(),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  { minLength: 1, maxLength: 4 },
);

function mutate(
  original: Uint8Array,
  damage: readonly { kind: string; position: number; value: number }[],
): Uint8Array {
  const result = [...original];
  for (const { kind, position, value } of damage) {
    const at = result.length === 0 ? 0 : position % result.length;
    if (kind === "flip") result[at] = value;
    else if (kind === "insert") result.splice(at, 0, value);
    else if (kind === "delete") result.splice(at, 1);
    else result.length = at;
  }
  return Uint8Array.from(result);
}

function subtotal(base: bigint, extras: readonly FeeExtra[]): bigint {
  return extras.reduce((sum, extra) => sum + extra.subtotal, base);
}

function expectConsistent(estimate: FeeEstimate): void {
  for (const extra of [...estimate.node.extras, ...estimate.service.extras]) {
    const charged = extra.count > extra.included ? extra.count - extra.included : 0n;
    expect(extra.charged).toBe(charged);
    expect(extra.charged).toBeGreaterThan(0n);
    expect(extra.subtotal).toBe(extra.charged * extra.fee_per_unit);
  }
  const node = subtotal(estimate.node.base, estimate.node.extras);
  const service = subtotal(estimate.service.base, estimate.service.extras);
  expect(estimate.network.subtotal).toBe(node * estimate.network.multiplier);
  expect(estimate.total).toBe(node + estimate.network.subtotal + service);
  const multiplier = estimate.high_volume_multiplier;
  expect(multiplier === 1n || (multiplier >= 1_000n && multiplier <= 200_000n)).toBe(true);
}

/** A request that fails must fail as a client error, never as a crash or a 5xx. */
async function expectClientOutcome(body: Uint8Array, search: string, fixtures: FeeStateFixtures): Promise<void> {
  const reply = await callEstimate({ query: search, body, state: createMemoryFeeState(fixtures) });
  expect([200, 400]).toContain(reply.status);
  if (reply.status === 200) expectConsistent(reply.json as FeeEstimate);
}

/** The pure API throws nothing but ApiError. */
function expectOnlyApiErrors(body: Uint8Array): void {
  try {
    const decoded = decodeFeeRequestBody(body);
    expectConsistent(
      estimateFees(decoded, DEFAULT_FEE_SCHEDULE, {
        mode: "INTRINSIC",
        highVolumeThrottle: 5,
        state: { tokens: new Map(), topics: new Map() },
      }),
    );
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  }
}

// No per-case time limit: how fast an estimate is belongs to `npm run bench:fees`; a hang still fails on the test's own timeout.
const propertyOptions = { numRuns: 400 } as const;

describe("fee estimate properties", () => {
  it("valid transactions price consistently in both modes", async () => {
    await fc.assert(
      fc.asyncProperty(transactionBody, wrapping, query, stateFixtures, async (body, how, search, fixtures) => {
        const reply = await callEstimate({
          query: search,
          body: wrap(encodeBody(body), how),
          state: createMemoryFeeState(fixtures),
        });
        expect(reply.status).toBe(200);
        expectConsistent(reply.json as FeeEstimate);
      }),
      propertyOptions,
    );
  });

  it("random bytes never cause a 5xx, a non-ApiError or a hang", async () => {
    await fc.assert(
      fc.asyncProperty(bytes(3_000), query, stateFixtures, async (body, search, fixtures) => {
        fc.pre(body.length > 0);
        expectOnlyApiErrors(body);
        await expectClientOutcome(body, search, fixtures);
      }),
      propertyOptions,
    );
  });

  it("damaged valid transactions never cause a 5xx, a non-ApiError or a hang", async () => {
    await fc.assert(
      fc.asyncProperty(
        transactionBody,
        wrapping,
        fc.boolean(),
        mutations,
        query,
        stateFixtures,
        async (body, how, damageInner, damage, search, fixtures) => {
          const encoded = encodeBody(body);
          const request = damageInner ? wrap(mutate(encoded, damage), how) : mutate(wrap(encoded, how), damage);
          fc.pre(request.length > 0);
          expectOnlyApiErrors(request);
          await expectClientOutcome(request, search, fixtures);
        },
      ),
      propertyOptions,
    );
  });
});
