import { describe, expect, it } from "vitest";
import type { ContractLogRow } from "./queries";
import { renderContractLog, renderContractResultLog } from "./render";

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

const ROW: ContractLogRow = {
  bloom: bytes("0123"),
  contract_id: 1004n,
  data: bytes("0123"),
  evm_address: null,
  index: 0,
  topic0: bytes("0a"),
  topic1: bytes("0b"),
  topic2: null,
  topic3: null,
  block_hash: "fbd921184e229e2051280d827ba3b31599117af7eafba65dc0e5a998b70c48c0492bf793a150769b1b4fb2c9b7cb4c1a",
  block_number: 1n,
  consensus_timestamp: 1639010141000000000n,
  root_contract_id: null,
  transaction_hash: bytes("9db63968721fc76815d11b0b97734669bf88ae3810e07c199924553f0548eb98"),
  transaction_index: 1,
};

describe("a contract result's log entry", () => {
  it("writes EVM data as upstream: the long-zero address, data and topics padded to a word, nulls left out", () => {
    expect(renderContractResultLog(ROW)).toEqual({
      address: "0x00000000000000000000000000000000000003ec",
      bloom: "0x0123",
      contract_id: "0.0.1004",
      data: "0x0000000000000000000000000000000000000000000000000000000000000123",
      index: 0,
      topics: ["0x000000000000000000000000000000000000000000000000000000000000000a", "0x000000000000000000000000000000000000000000000000000000000000000b"],
    });
  });

  it("shows the contract's own EVM address, `0x` for empty data and bloom, and an empty topic as the zero word", () => {
    const log = renderContractResultLog({ ...ROW, evm_address: bytes("70f2b2914a2a4b783faefb75f459a580616fcb5e"), bloom: bytes(""), data: bytes(""), topic3: bytes("") });
    expect(log).toMatchObject({ address: "0x70f2b2914a2a4b783faefb75f459a580616fcb5e", bloom: "0x", data: "0x" });
    expect(log.topics.at(-1)).toBe(`0x${"0".repeat(64)}`);
  });

  it("keeps upstream's key order", () => {
    expect(Object.keys(renderContractResultLog(ROW))).toEqual(["address", "bloom", "contract_id", "data", "index", "topics"]);
  });
});

describe("a log list item", () => {
  it("adds its block, root contract, timestamp and transaction", () => {
    expect(renderContractLog({ ...ROW, root_contract_id: 1003n })).toMatchObject({
      block_hash: `0x${ROW.block_hash}`,
      block_number: 1n,
      root_contract_id: "0.0.1003",
      timestamp: "1639010141.000000000",
      transaction_hash: "0x9db63968721fc76815d11b0b97734669bf88ae3810e07c199924553f0548eb98",
      transaction_index: 1,
    });
  });

  it("outside any block has block_hash `0x` and block_number null; without a transaction hash, `0x`", () => {
    expect(renderContractLog({ ...ROW, block_hash: null, block_number: null, transaction_hash: null })).toMatchObject({
      block_hash: "0x",
      block_number: null,
      transaction_hash: "0x",
    });
  });
});
