import { describe, expect, it } from "vitest";
import type { ContractActionRow, StateChangeRow } from "./queries";
import { renderAction, renderStateChange } from "./render";

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

describe("renderStateChange", () => {
  it("writes slot and values as 32-byte words, an empty one as zero and a missing one as null", () => {
    const row: StateChangeRow = { contract_id: 5001n, evm_address: null, slot: bytes(""), value_read: bytes("0101"), value_written: null };
    expect(renderStateChange(row)).toEqual({
      address: "0x0000000000000000000000000000000000001389",
      contract_id: "0.0.5001",
      slot: `0x${"0".repeat(64)}`,
      value_read: `0x${"0101".padStart(64, "0")}`,
      value_written: null,
    });
  });

  it("names the contract by its own EVM address when it has one", () => {
    const address = "70f2b2914a2a4b783faefb75f459a580616fcb5e";
    const row: StateChangeRow = { contract_id: 5001n, evm_address: bytes(address), slot: bytes("0303"), value_read: bytes(""), value_written: bytes("") };
    expect(renderStateChange(row).address).toBe(`0x${address}`);
  });
});

const ACTION: ContractActionRow = {
  call_depth: 1,
  call_operation_type: 1,
  call_type: 1,
  caller: 5001n,
  caller_type: "CONTRACT",
  consensus_timestamp: 1676540001234390005n,
  gas: 1000n,
  gas_used: 900n,
  index: 1,
  input: bytes("abcd"),
  recipient_account: null,
  recipient_address: bytes("70f2b2914a2a4b783faefb75f459a580616fcb5e"),
  recipient_contract: 8001n,
  result_data: bytes("1234"),
  result_data_type: 11,
  value: 100n,
};

describe("renderAction", () => {
  it("names the call's kinds, its caller and its recipient", () => {
    expect(renderAction(ACTION)).toEqual({
      call_depth: 1,
      call_operation_type: "CALL",
      call_type: "CALL",
      caller: "0.0.5001",
      caller_type: "CONTRACT",
      from: "0x0000000000000000000000000000000000001389",
      gas: 1000n,
      gas_used: 900n,
      index: 1,
      input: "0xabcd",
      recipient: "0.0.8001",
      recipient_type: "CONTRACT",
      result_data: "0x1234",
      result_data_type: "OUTPUT",
      timestamp: "1676540001.234390005",
      to: "0x70f2b2914a2a4b783faefb75f459a580616fcb5e",
      value: 100n,
    });
  });

  it("has no recipient when it created nothing and called nobody; an account recipient is an ACCOUNT at its long-zero address", () => {
    expect(renderAction({ ...ACTION, recipient_address: null, recipient_contract: null, call_operation_type: null })).toMatchObject({
      call_operation_type: "UNKNOWN",
      recipient: null,
      recipient_type: null,
      to: null,
    });
    expect(renderAction({ ...ACTION, recipient_address: null, recipient_contract: null, recipient_account: 1002n })).toMatchObject({
      recipient: "0.0.1002",
      recipient_type: "ACCOUNT",
      to: "0x00000000000000000000000000000000000003ea",
    });
  });
});
