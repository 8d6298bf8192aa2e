import type { proto } from "@hiero-ledger/proto";
import { describe, expect, it } from "vitest";
import { callEstimate } from "./testing/estimate-client";
import publishedSchedule from "./simple-fees-schedule.json";
import { createMemoryFeeState, type FeeStateFixtures, type FeeStateSource } from "./state";
import {
  accountId,
  ed25519Key,
  transactionBytes,
  transactionListBytes,
  type Int64AsNumber,
  type TransactionBodyInput,
} from "./testing/transactions";

/** Behaviour the vectors do not pin down, with amounts from fees.md's worked examples and price list. */

type Estimate = {
  high_volume_multiplier: bigint;
  network: { multiplier: bigint; subtotal: bigint };
  node: { base: bigint; extras: { name: string; count: bigint; charged: bigint }[] };
  notes?: string[];
  service: { base: bigint; extras: { name: string; count: bigint; charged: bigint; subtotal: bigint }[] };
  total: bigint;
};

async function estimate(
  body: TransactionBodyInput | Uint8Array,
  query = "",
  state: FeeStateSource = createMemoryFeeState(),
): Promise<Estimate> {
  const reply = await callEstimate({ query, body: body instanceof Uint8Array ? body : transactionBytes(body), state });
  expect(reply.status).toBe(200);
  return reply.json as Estimate;
}

async function rejection(body: TransactionBodyInput | Uint8Array, query = "", state?: FeeStateSource) {
  const reply = await callEstimate({ query, body: body instanceof Uint8Array ? body : transactionBytes(body), state });
  return {
    status: reply.status,
    message: (reply.json as { _status: { messages: { message: string }[] } })._status.messages[0]?.message,
  };
}

function serviceExtras(result: Estimate) {
  return result.service.extras.map((extra) => [extra.name, extra.count, extra.charged]);
}

const tokenList = (tokenNum: number, fungible: number, nfts: number): Int64AsNumber<proto.ITokenTransferList> => ({
  token: { tokenNum },
  transfers: Array.from({ length: fungible }, (_unused, index) => ({
    accountID: accountId(1000 + index),
    amount: index % 2 ? 1 : -1,
  })),
  nftTransfers: Array.from({ length: nfts }, (_unused, index) => ({
    senderAccountID: accountId(2000),
    receiverAccountID: accountId(2001 + index),
    serialNumber: index + 1,
  })),
});

const state = (fixtures: FeeStateFixtures) => createMemoryFeeState(fixtures);

const hookCall = (gasLimit: number): Int64AsNumber<proto.IHookCall> => ({ hookId: 1, evmHookCall: { gasLimit } });

describe("high-volume pricing (D1)", () => {
  const create = { cryptoCreateAccount: { key: ed25519Key(1) }, highVolume: true };

  it.each(["INTRINSIC", "STATE"])("reports the raw curve value in %s mode and leaves amounts alone", async (mode) => {
    const result = await estimate(create, `?mode=${mode}&high_volume_throttle=6`);
    expect(result.high_volume_multiplier).toBe(12_500n);
    expect(result.total).toBe(500_000_000n);
  });

  it.each([
    [1, 4_000n],
    [4, 9_000n],
    [37, 51_333n],
    [1000, 200_000n],
    [10_000, 200_000n],
  ])("CryptoCreate at %i bp → %i", async (throttle, multiplier) => {
    expect((await estimate(create, `?high_volume_throttle=${throttle}`)).high_volume_multiplier).toBe(multiplier);
  });

  it("is 1 at throttle 0, without the body flag, and for types without highVolumeRates", async () => {
    expect((await estimate(create, "?high_volume_throttle=0")).high_volume_multiplier).toBe(1n);
    expect((await estimate({ ...create, highVolume: false }, "?high_volume_throttle=50")).high_volume_multiplier).toBe(
      1n,
    );
    const transfer = { cryptoTransfer: {}, highVolume: true };
    expect((await estimate(transfer, "?high_volume_throttle=50")).high_volume_multiplier).toBe(1n);
  });

  it("takes TokenAirdrop's curve while pricing the airdrop as a CryptoTransfer", async () => {
    const result = await estimate(
      { tokenAirdrop: { tokenTransfers: [tokenList(5000, 2, 0)] }, highVolume: true },
      "?high_volume_throttle=120",
    );
    expect(result.high_volume_multiplier).toBe(5_600n);
    expect(result.service.base).toBe(0n);
    expect(serviceExtras(result)).toEqual([["TOKEN_TYPES", 2n, 1n]]);
    expect(result.total).toBe(2_000_000n);
  });
});

describe("CryptoTransfer", () => {
  it("counts distinct accounts over hbar, token and NFT transfers", async () => {
    const result = await estimate({
      cryptoTransfer: {
        transfers: {
          accountAmounts: [
            { accountID: accountId(1000), amount: -1 },
            { accountID: accountId(1001), amount: 1 },
          ],
        },
        tokenTransfers: [tokenList(5000, 2, 0), tokenList(5001, 0, 2)],
      },
    });
    // Accounts 1000, 1001, 2000, 2001, 2002; one TOKEN_TYPES entry per list in INTRINSIC.
    expect(serviceExtras(result)).toEqual([
      ["ACCOUNTS", 5n, 3n],
      ["TOKEN_TYPES", 2n, 1n],
      ["TOKEN_TYPES", 2n, 1n],
    ]);
  });

  it("prices hook calls in STATE: pre+post runs twice, gas capped per call", async () => {
    const result = await estimate(
      {
        cryptoTransfer: {
          transfers: {
            accountAmounts: [
              { accountID: accountId(1000), amount: -1, prePostTxAllowanceHook: hookCall(10_000_000) },
              { accountID: accountId(1001), amount: 1, preTxAllowanceHook: hookCall(1) },
            ],
          },
        },
      },
      "?mode=STATE",
    );
    expect(serviceExtras(result)).toEqual([
      ["HOOK_EXECUTION", 3n, 3n],
      ["GAS", 20_000_001n, 20_000_001n],
    ]);

    const capped = await estimate(
      {
        cryptoTransfer: {
          tokenTransfers: [
            {
              token: { tokenNum: 1 },
              nftTransfers: [
                {
                  senderAccountID: accountId(1),
                  receiverAccountID: accountId(2),
                  preTxReceiverAllowanceHook: hookCall(40_000_000),
                },
              ],
            },
          ],
        },
      },
      "?mode=STATE",
      state({ tokens: [{ id: "0.0.1", type: "NON_FUNGIBLE_UNIQUE", custom_fees: false }] }),
    );
    expect(serviceExtras(capped)).toEqual([
      ["HOOK_EXECUTION", 1n, 1n],
      ["GAS", 15_000_000n, 15_000_000n],
      ["TOKEN_TRANSFER_BASE", 1n, 1n],
    ]);
  });

  it("rejects hook calls in INTRINSIC and transfers without an account", async () => {
    const hooked = {
      cryptoTransfer: { transfers: { accountAmounts: [{ accountID: accountId(1), preTxAllowanceHook: hookCall(1) }] } },
    };
    expect(await rejection(hooked)).toEqual({ status: 400, message: "Invalid parameter: body" });
    expect(await rejection({ cryptoTransfer: { transfers: { accountAmounts: [{ amount: 1 }] } } })).toEqual({
      status: 400,
      message: "Invalid parameter: body",
    });
  });

  it("STATE: the database decides the token kind, and units follow it", async () => {
    const fixtures = state({
      tokens: [
        { id: "0.0.5000", type: "NON_FUNGIBLE_UNIQUE", custom_fees: false },
        { id: "0.0.5001", type: "NON_FUNGIBLE_UNIQUE", custom_fees: false },
      ],
    });
    const nfts = await estimate(
      { cryptoTransfer: { tokenTransfers: [tokenList(5000, 0, 3)] } },
      "?mode=STATE",
      fixtures,
    );
    expect(serviceExtras(nfts)).toEqual([
      ["ACCOUNTS", 4n, 2n],
      ["TOKEN_TRANSFER_BASE", 1n, 1n],
      ["TOKEN_TYPES", 3n, 2n],
    ]);
    // An NFT token moved with fungible transfers only contributes no unit.
    const mismatched = await estimate(
      { cryptoTransfer: { tokenTransfers: [tokenList(5001, 2, 0)] } },
      "?mode=STATE",
      fixtures,
    );
    expect(serviceExtras(mismatched)).toEqual([]);
  });

  it("STATE: missing tokens are worst case, noted once each in order of first appearance, after the list note", async () => {
    const body = transactionBytes({
      cryptoTransfer: {
        tokenTransfers: [tokenList(7, 2, 0), tokenList(6, 0, 1), tokenList(7, 2, 0), tokenList(5, 2, 0)],
      },
    });
    const result = await estimate(
      transactionListBytes([body, body]),
      "?mode=STATE",
      state({ tokens: [{ id: "0.0.5", type: "FUNGIBLE_COMMON", custom_fees: false }] }),
    );
    expect(result.notes).toEqual([
      "TransactionList contained 2 transactions; only the first was priced",
      "Token 0.0.7 not found; priced as worst case (custom fees)",
      "Token 0.0.6 not found; priced as worst case (custom fees)",
    ]);
    expect(serviceExtras(result)).toEqual([
      ["ACCOUNTS", 4n, 2n],
      ["TOKEN_TRANSFER_BASE_CUSTOM_FEES", 1n, 1n],
      ["TOKEN_TYPES", 4n, 3n],
    ]);
  });

  it("STATE: a token list without a token is rejected", async () => {
    expect(await rejection({ cryptoTransfer: { tokenTransfers: [{ transfers: [] }] } }, "?mode=STATE")).toEqual({
      status: 400,
      message: "Invalid parameter: body",
    });
  });
});

describe("ConsensusSubmitMessage", () => {
  const submit = (topicNum: number) => ({
    consensusSubmitMessage: { topicID: { topicNum }, message: new Uint8Array(128) },
  });

  it("STATE follows the topic's custom fees; a missing topic is the noted worst case", async () => {
    const fixtures = state({
      topics: [
        { id: "0.0.7000", custom_fees: false },
        { id: "0.0.7001", custom_fees: true },
      ],
    });
    expect((await estimate(submit(7000), "?mode=STATE", fixtures)).total).toBe(1_890_400n);
    expect((await estimate(submit(7001), "?mode=STATE", fixtures)).total).toBe(500_000_000n);
    const missing = await estimate(submit(7007), "?mode=STATE", fixtures);
    expect(missing.total).toBe(500_000_000n);
    expect(missing.notes).toEqual(["Topic 0.0.7007 not found; priced as worst case (custom fee)"]);
    expect((await estimate(submit(7001), "?mode=INTRINSIC", fixtures)).total).toBe(1_890_400n);
  });

  it("STATE requires a topic id", async () => {
    const body = { consensusSubmitMessage: { message: new Uint8Array(1) } };
    expect((await rejection(body, "?mode=STATE")).status).toBe(400);
    expect((await estimate(body)).total).toBe(1_700_000n);
  });
});

describe("cleared and exempt types", () => {
  const fileUpdate = (fileNum: number, payer = true) => ({
    ...(payer ? { transactionID: { accountID: accountId(2) } } : {}),
    fileUpdate: { fileID: { fileNum }, contents: new Uint8Array(10) },
  });
  const cleared = {
    high_volume_multiplier: 1n,
    network: { multiplier: 0n, subtotal: 0n },
    node: { base: 0n, extras: [] },
    service: { base: 0n, extras: [] },
    total: 0n,
  };

  it("STATE clears a FileUpdate of a system file, whoever pays", async () => {
    expect(await estimate(fileUpdate(150), "?mode=STATE")).toEqual(cleared);
    expect(await estimate(fileUpdate(750), "?mode=STATE")).toEqual(cleared);
    expect((await estimate(fileUpdate(751), "?mode=STATE")).total).toBe(500_000_000n);
    expect((await estimate(fileUpdate(150), "?mode=INTRINSIC")).total).toBe(500_000_000n);
  });

  it("STATE FileUpdate needs a payer and a file id", async () => {
    expect((await rejection(fileUpdate(150, false), "?mode=STATE")).status).toBe(400);
    expect(
      (await rejection({ transactionID: { accountID: accountId(2) }, fileUpdate: {} }, "?mode=STATE")).status,
    ).toBe(400);
  });

  it("SystemDelete and SystemUndelete cost nothing", async () => {
    expect(await estimate({ systemDelete: { fileID: { fileNum: 5 } } }, "", createMemoryFeeState())).toEqual(cleared);
    expect(await estimate({ systemUndelete: { fileID: { fileNum: 5 } } }, "?mode=STATE")).toEqual(cleared);
  });

  it("ContractCall pays neither node nor network, even with many signatures and bytes", async () => {
    const body = transactionBytes(
      { contractCall: { gas: 1, functionParameters: new Uint8Array(4000) } },
      { signatures: 5 },
    );
    expect(await estimate(body)).toEqual({ ...cleared, node: { base: 0n, extras: [] } });
  });
});

describe("other service extras", () => {
  it("HookStore counts storage slots and mapping entries", async () => {
    const result = await estimate({
      hookStore: {
        storageUpdates: [
          { storageSlot: { key: new Uint8Array([1]) } },
          {
            mappingEntries: {
              mappingSlot: new Uint8Array([2]),
              entries: [{ key: new Uint8Array([1]) }, { key: new Uint8Array([2]) }, { key: new Uint8Array([3]) }],
            },
          },
        ],
      },
    });
    expect(serviceExtras(result)).toEqual([["HOOK_SLOT_UPDATE", 4n, 3n]]);
    expect(result.total).toBe(49_000_000n + 150_000_000n + 1_000_000n);
  });

  it("TokenMint with amount 0 pays the NFT base even without metadata; a fungible mint does not", async () => {
    expect(serviceExtras(await estimate({ tokenMint: { token: { tokenNum: 1 } } }))).toEqual([
      ["TOKEN_MINT_NFT_BASE", 1n, 1n],
    ]);
    expect(serviceExtras(await estimate({ tokenMint: { token: { tokenNum: 1 }, amount: 5 } }))).toEqual([]);
  });

  it("ConsensusUpdateTopic counts fee-exempt keys; ConsensusCreateTopic does not", async () => {
    const keys = { adminKey: ed25519Key(1), submitKey: ed25519Key(2) };
    const update = await estimate({
      consensusUpdateTopic: { ...keys, feeExemptKeyList: { keys: [ed25519Key(3), ed25519Key(4)] } },
    });
    expect(serviceExtras(update)).toEqual([["KEYS", 4n, 3n]]);
    const create = await estimate({ consensusCreateTopic: { ...keys, feeExemptKeyList: [ed25519Key(3)] } });
    expect(serviceExtras(create)).toEqual([["KEYS", 2n, 2n]]);
  });

  it("allowances, NFT updates and associations count their entries", async () => {
    const approve = await estimate({
      cryptoApproveAllowance: {
        cryptoAllowances: [{ amount: 1 }],
        nftAllowances: [{ serialNumbers: [1] }],
        tokenAllowances: [{ amount: 1 }],
      },
    });
    expect(serviceExtras(approve)).toEqual([["ALLOWANCES", 3n, 2n]]);
    const update = await estimate({ tokenUpdateNfts: { token: { tokenNum: 1 }, serialNumbers: [1, 2, 3, 4] } });
    expect(serviceExtras(update)).toEqual([["NFT_UPDATE", 4n, 3n]]);
  });

  it("rejects a ScheduleCreate without a scheduled body, and bodies without a priceable type", async () => {
    expect((await rejection({ scheduleCreate: { memo: "x" } })).status).toBe(400);
    expect((await rejection({ freeze: {} })).status).toBe(400);
    expect((await rejection({ memo: "no data" })).status).toBe(400);
  });
});

describe("state source", () => {
  const throwing: FeeStateSource = {
    getTokens: () => Promise.reject(new Error("down")),
    getTopics: () => Promise.reject(new Error("down")),
    getFeeSchedule: () => Promise.reject(new Error("down")),
  };
  const transfer = { cryptoTransfer: { tokenTransfers: [tokenList(5000, 2, 0)] } };

  it("is never consulted in INTRINSIC mode", async () => {
    const reply = await callEstimate({
      body: transactionBytes(transfer),
      state: new Proxy(throwing, {
        get: () => {
          throw new Error("INTRINSIC consulted the state source");
        },
      }),
    });
    expect(reply.status).toBe(200);
  });

  it("answers 500 when it fails in STATE mode", async () => {
    const reply = await callEstimate({ query: "?mode=STATE", body: transactionBytes(transfer), state: throwing });
    expect(reply.status).toBe(500);
    expect(reply.json).toEqual({
      _status: { messages: [{ message: expect.stringContaining("state"), detail: expect.any(String), data: null }] },
    });
  });

  it("supplies the schedule STATE mode prices with; INTRINSIC keeps the built-in one", async () => {
    const schedule = structuredClone(publishedSchedule);
    const cryptoDelete = schedule.services
      .flatMap((service) => service.schedule)
      .find((entry) => entry.name === "CryptoDelete");
    if (!cryptoDelete) throw new Error("CryptoDelete missing from the schedule");
    cryptoDelete.baseFee = 7;
    const source = state({ schedule });
    const body = { cryptoDelete: { deleteAccountID: accountId(5) } };
    expect((await estimate(body, "?mode=STATE", source)).total).toBe(1_000_007n);
    expect((await estimate(body, "?mode=INTRINSIC", source)).total).toBe(50_000_000n);
  });

  it("falls back to the built-in schedule when the state's schedule is malformed", async () => {
    const result = await estimate({ cryptoDelete: {} }, "?mode=STATE", state({ schedule: { node: "broken" } }));
    expect(result.total).toBe(50_000_000n);
  });
});
