import { readFileSync } from "node:fs";
import { proto } from "@hiero-ledger/proto";
import {
  AccountCreateTransaction,
  AccountId,
  ContractCreateTransaction,
  ContractExecuteTransaction,
  ContractId,
  CustomFixedFee,
  FileCreateTransaction,
  FileId,
  Hbar,
  KeyList,
  Long,
  NodeDeleteTransaction,
  PrivateKey,
  ScheduleCreateTransaction,
  Timestamp,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TopicCreateTransaction,
  TopicId,
  TopicMessageSubmitTransaction,
  TransactionId,
  TransferTransaction,
  type Transaction,
} from "@hiero-ledger/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { stringifyJson } from "@/lib/http/json";
import { describeWith } from "@/lib/testing/describe-with";
import { referenceData, sharedPath } from "@/lib/testing/requirements";
import { callEstimate, type EstimateReply } from "./testing/estimate-client";
import { createMemoryFeeState } from "./state";

/**
 * Transactions built and signed with the real JS SDK, priced through the
 * handler, against expectations computed here from the reference schedule
 * document — an independent oracle, not the code under test.
 */

const scheduleDocumentShape = z
  .object({
    node: z.object({ baseFee: z.number(), extras: z.array(z.object({ name: z.string(), includedCount: z.number() })) }),
    network: z.object({ multiplier: z.number() }),
    extras: z.array(z.object({ name: z.string(), fee: z.number() })),
    services: z.array(
      z.object({
        schedule: z.array(
          z.object({
            name: z.string(),
            baseFee: z.number(),
            extras: z.array(z.object({ name: z.string(), includedCount: z.number().optional() })),
            nodeNetworkFeeExempt: z.boolean().optional(),
          }),
        ),
      }),
    ),
  });
const SCHEDULE_FILE = "reference/simpleFeesSchedules.json";
let scheduleDocument: z.infer<typeof scheduleDocumentShape>;

type ExpectedExtra = {
  charged: bigint;
  count: bigint;
  fee_per_unit: bigint;
  included: bigint;
  name: string;
  subtotal: bigint;
};

function pricePerUnit(name: string): bigint {
  const definition = scheduleDocument.extras.find((extra) => extra.name === name);
  if (!definition) throw new Error(`no price for ${name}`);
  return BigInt(definition.fee);
}

function expectedExtra(name: string, included: number, count: number): ExpectedExtra[] {
  const charged = BigInt(Math.max(0, count - included));
  if (charged === 0n) return [];
  const fee = pricePerUnit(name);
  return [
    { charged, count: BigInt(count), fee_per_unit: fee, included: BigInt(included), name, subtotal: fee * charged },
  ];
}

/** The response fees.md §3/§9 prescribes for a transaction of `type` with the given counts. */
function expectedEstimate(
  type: string,
  priced: { byteLength: number; signatures: number },
  serviceCounts: readonly (readonly [string, number])[],
  notes: readonly string[] = [],
) {
  const entry = scheduleDocument.services.flatMap((service) => service.schedule).find((fee) => fee.name === type);
  if (!entry) throw new Error(`no schedule entry ${type}`);
  const exempt = entry.nodeNetworkFeeExempt === true;
  const nodeCounts: Record<string, number> = { PROCESSING_BYTES: priced.byteLength, SIGNATURES: priced.signatures };
  const nodeExtras = exempt
    ? []
    : scheduleDocument.node.extras.flatMap((extra) =>
        expectedExtra(extra.name, extra.includedCount, nodeCounts[extra.name] ?? 0),
      );
  const nodeBase = exempt ? 0n : BigInt(scheduleDocument.node.baseFee);
  const nodeSubtotal = nodeExtras.reduce((sum, extra) => sum + extra.subtotal, nodeBase);
  const multiplier = exempt ? 0n : BigInt(scheduleDocument.network.multiplier);
  const serviceExtras = serviceCounts.flatMap(([name, count]) => {
    const reference = entry.extras.find((extra) => extra.name === name);
    if (!reference) throw new Error(`${type} does not reference ${name}`);
    return expectedExtra(name, reference.includedCount ?? 0, count);
  });
  const serviceSubtotal = serviceExtras.reduce((sum, extra) => sum + extra.subtotal, BigInt(entry.baseFee));
  return {
    high_volume_multiplier: 1n,
    network: { multiplier, subtotal: nodeSubtotal * multiplier },
    node: { base: nodeBase, extras: nodeExtras },
    ...(notes.length > 0 ? { notes: [...notes] } : {}),
    service: { base: BigInt(entry.baseFee), extras: serviceExtras },
    total: nodeSubtotal * (1n + multiplier) + serviceSubtotal,
  };
}

/** Same values, and the same bytes: members in fees.md §9 order. */
function expectEstimate(reply: EstimateReply, expected: ReturnType<typeof expectedEstimate>): void {
  expect(reply.status).toBe(200);
  expect(reply.json).toEqual(expected);
  expect(reply.text).toBe(stringifyJson(expected));
}

const keys = [
  PrivateKey.generateED25519(),
  PrivateKey.generateECDSA(),
  PrivateKey.generateED25519(),
  PrivateKey.generateECDSA(),
] as const;
const [key1, key2, key3, key4] = keys;

const payer = AccountId.fromString("0.0.1001");
const NODE = AccountId.fromString("0.0.3");

function frozen<T extends Transaction>(transaction: T, nodes: readonly AccountId[] = [NODE]): T {
  transaction
    .setTransactionId(TransactionId.withValidStart(payer, new Timestamp(1_700_000_000, 0)))
    .setNodeAccountIds([...nodes]);
  transaction.freeze();
  return transaction;
}

type Case = {
  readonly name: string;
  readonly type: string;
  readonly build: () => Transaction;
  readonly service: readonly (readonly [string, number])[];
};

const cases: readonly Case[] = [
  {
    name: "crypto: hbar transfer among 3 accounts",
    type: "CryptoTransfer",
    build: () =>
      new TransferTransaction()
        .addHbarTransfer(payer, new Hbar(-2))
        .addHbarTransfer("0.0.1002", new Hbar(1))
        .addHbarTransfer("0.0.1003", new Hbar(1)),
    service: [["ACCOUNTS", 3]],
  },
  {
    name: "crypto: fungible token transfer (INTRINSIC TOKEN_TYPES)",
    type: "CryptoTransfer",
    build: () =>
      new TransferTransaction()
        .addTokenTransfer(TokenId.fromString("0.0.5000"), payer, -10)
        .addTokenTransfer(TokenId.fromString("0.0.5000"), "0.0.1002", 10),
    service: [
      ["ACCOUNTS", 2],
      ["TOKEN_TYPES", 2],
    ],
  },
  {
    name: "crypto: account create with a 3-key KeyList",
    type: "CryptoCreate",
    build: () =>
      new AccountCreateTransaction().setKeyWithoutAlias(KeyList.of(key1.publicKey, key2.publicKey, key3.publicKey)),
    service: [["KEYS", 3]],
  },
  {
    name: "token: create with 3 keys and a custom fee",
    type: "TokenCreate",
    build: () =>
      new TokenCreateTransaction()
        .setTokenName("Fee Test")
        .setTokenSymbol("FEE")
        .setTreasuryAccountId(payer)
        .setAdminKey(key1.publicKey)
        .setSupplyKey(key2.publicKey)
        .setFreezeKey(key3.publicKey)
        .setCustomFees([new CustomFixedFee().setAmount(1).setFeeCollectorAccountId(payer)]),
    service: [
      ["KEYS", 3],
      ["TOKEN_CREATE_WITH_CUSTOM_FEE", 1],
    ],
  },
  {
    name: "token: NFT mint with 3 metadata",
    type: "TokenMint",
    build: () =>
      new TokenMintTransaction()
        .setTokenId("0.0.5000")
        .setMetadata([new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])]),
    service: [
      ["TOKEN_MINT_NFT_BASE", 1],
      ["TOKEN_MINT_NFT", 3],
    ],
  },
  {
    name: "token: associate 2 tokens",
    type: "TokenAssociateToAccount",
    build: () => new TokenAssociateTransaction().setAccountId(payer).setTokenIds(["0.0.5000", "0.0.5001"]),
    service: [["TOKEN_ASSOCIATE", 2]],
  },
  {
    name: "topic: create with admin and submit keys",
    type: "ConsensusCreateTopic",
    build: () => new TopicCreateTransaction().setAdminKey(key1.publicKey).setSubmitKey(key2.publicKey),
    service: [
      ["KEYS", 2],
      ["CONSENSUS_CREATE_TOPIC_WITH_CUSTOM_FEE", 0],
    ],
  },
  {
    name: "topic: submit a 300-byte message",
    type: "ConsensusSubmitMessage",
    build: () =>
      new TopicMessageSubmitTransaction()
        .setTopicId(TopicId.fromString("0.0.7007"))
        .setMessage(new Uint8Array(300).fill(7)),
    service: [["CONSENSUS_SUBMIT_MESSAGE_WITHOUT_CUSTOM_FEE_BYTES", 300]],
  },
  {
    name: "file: create with 2 keys and 1,200 bytes",
    type: "FileCreate",
    build: () =>
      new FileCreateTransaction().setKeys([key1.publicKey, key2.publicKey]).setContents(new Uint8Array(1200).fill(1)),
    service: [
      ["KEYS", 2],
      ["STATE_BYTES", 1200],
    ],
  },
  {
    name: "schedule: create a scheduled contract call with a 2-key admin key",
    type: "ScheduleCreate",
    build: () =>
      new ScheduleCreateTransaction()
        .setScheduledTransaction(
          new ContractExecuteTransaction().setContractId(ContractId.fromString("0.0.6000")).setGas(50_000),
        )
        .setAdminKey(KeyList.of(key1.publicKey, key4.publicKey)),
    service: [
      ["KEYS", 2],
      ["SCHEDULE_CREATE_CONTRACT_CALL_BASE", 1],
    ],
  },
  {
    name: "contract: create with a 2-key admin key",
    type: "ContractCreate",
    build: () =>
      new ContractCreateTransaction()
        .setBytecodeFileId(FileId.fromString("0.0.6001"))
        .setGas(100_000)
        .setAdminKey(KeyList.of(key2.publicKey, key3.publicKey)),
    service: [["KEYS", 2]],
  },
  {
    name: "contract: call (node and network exempt)",
    type: "ContractCall",
    build: () => new ContractExecuteTransaction().setContractId(ContractId.fromString("0.0.6000")).setGas(50_000),
    service: [],
  },
  {
    name: "node: delete",
    type: "NodeDelete",
    build: () => new NodeDeleteTransaction().setNodeId(Long.fromNumber(4)),
    service: [],
  },
];

const signers = {
  "1 signature": [key1],
  "3 signatures": [key1, key2, key3],
} as const;

/** The SDK's `toBytes()` is a TransactionList; its entries are the per-node signed `Transaction`s. */
function listEntries(listBytes: Uint8Array): Uint8Array[] {
  return proto.TransactionList.decode(listBytes).transactionList.map((entry) =>
    proto.Transaction.encode(entry).finish(),
  );
}

function signatureCount(transactionBytes: Uint8Array): number {
  const transaction = proto.Transaction.decode(transactionBytes);
  return proto.SignedTransaction.decode(transaction.signedTransactionBytes).sigMap?.sigPair?.length ?? 0;
}

describeWith([referenceData(SCHEDULE_FILE)], "SDK transactions against the reference schedule", () => {
  beforeAll(() => {
    scheduleDocument = scheduleDocumentShape.parse(JSON.parse(readFileSync(sharedPath(SCHEDULE_FILE), "utf8")));
  });

  describe.each(Object.entries(signers))("SDK transactions, %s", (_label, signingKeys) => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
      const transaction = frozen(testCase.build());
      for (const key of signingKeys) await transaction.sign(key);
      const listBytes = transaction.toBytes();
      const [first] = listEntries(listBytes);
      if (!first) throw new Error("empty TransactionList");
      const priced = { byteLength: first.length, signatures: signatureCount(first) };
      expect(priced.signatures).toBe(signingKeys.length);

      const asList = await callEstimate({ body: listBytes });
      expectEstimate(
        asList,
        expectedEstimate(testCase.type, priced, testCase.service, [
          "TransactionList contained 1 transaction; only the first was priced",
        ]),
      );

      const asTransaction = await callEstimate({ body: first, contentType: "application/x-protobuf" });
      expectEstimate(asTransaction, expectedEstimate(testCase.type, priced, testCase.service));
    });
  });

  describe("SDK transactions, other shapes", () => {
    it("prices the first entry of a multi-node TransactionList and counts the entries", async () => {
      const nodes = [NODE, AccountId.fromString("0.0.4"), AccountId.fromString("0.0.5")];
      const transaction = frozen(
        new TransferTransaction().addHbarTransfer(payer, -1).addHbarTransfer("0.0.1002", 1),
        nodes,
      );
      await transaction.sign(key1);
      const listBytes = transaction.toBytes();
      const entries = listEntries(listBytes);
      expect(entries).toHaveLength(3);
      const [first] = entries;
      if (!first) throw new Error("empty TransactionList");

      expectEstimate(
        await callEstimate({ body: listBytes }),
        expectedEstimate(
          "CryptoTransfer",
          { byteLength: first.length, signatures: 1 },
          [["ACCOUNTS", 2]],
          ["TransactionList contained 3 transactions; only the first was priced"],
        ),
      );
    });

    it("prices a STATE token transfer from the database and notes a missing token", async () => {
      const transaction = frozen(
        new TransferTransaction()
          .addTokenTransfer("0.0.5000", payer, -10)
          .addTokenTransfer("0.0.5000", "0.0.1002", 10)
          .addTokenTransfer("0.0.5001", payer, -1)
          .addTokenTransfer("0.0.5001", "0.0.1003", 1),
      );
      await transaction.sign(key1);
      const [first] = listEntries(transaction.toBytes());
      if (!first) throw new Error("empty TransactionList");
      const state = createMemoryFeeState({ tokens: [{ id: "0.0.5000", type: "FUNGIBLE_COMMON", custom_fees: false }] });

      expectEstimate(
        await callEstimate({ query: "?mode=STATE", body: first, state }),
        expectedEstimate(
          "CryptoTransfer",
          { byteLength: first.length, signatures: 1 },
          [
            ["ACCOUNTS", 3],
            ["TOKEN_TRANSFER_BASE_CUSTOM_FEES", 1],
            ["TOKEN_TYPES", 2],
          ],
          ["Token 0.0.5001 not found; priced as worst case (custom fees)"],
        ),
      );
    });
  });
});
