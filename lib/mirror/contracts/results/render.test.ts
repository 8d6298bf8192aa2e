import { proto } from "@hiero-ledger/proto";
import { describe, expect, it } from "vitest";
import type { ContractResultRow, EthereumTransactionRow } from "./queries";
import { renderContractResult, renderContractResultDetails } from "./render";

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

const ROW: ContractResultRow = {
  amount: 30n,
  bloom: bytes("0505"),
  call_result: bytes("0606"),
  consensus_timestamp: 187655000123456n,
  contract_id: 6001n,
  created_contract_ids: ["7001"],
  error_message: "",
  failed_initcode: null,
  function_parameters: bytes("0707"),
  function_result: null,
  gas_consumed: 111n,
  gas_limit: 987654n,
  gas_used: 123n,
  payer_account_id: 5000n,
  sender_id: 8001n,
  transaction_hash: bytes("98"),
  transaction_index: 1,
  transaction_nonce: 0,
  transaction_result: 22,
  evm_address: bytes("70f2b2914a2a4b783faefb75f459a580616fcb5e"),
  authorization_list: null,
};

const ETHEREUM: EthereumTransactionRow = {
  access_list: null,
  authorization_list: [{ chain_id: "0x0127", address: "0x01", nonce: 5, y_parity: 1, r: "0x22", s: "0x33" }],
  chain_id: bytes("012a"),
  consensus_timestamp: ROW.consensus_timestamp,
  gas_price: bytes("ad78ebc5ac620000"),
  max_fee_per_gas: bytes("cf38224400"),
  max_priority_fee_per_gas: bytes("76be5e6c00"),
  nonce: 5n,
  recovery_id: 1,
  signature_r: bytes("b5"),
  signature_s: bytes("10"),
  signature_v: bytes("1b"),
  to_address: null,
  type: 2,
  value: bytes("2e90edd000"),
};

describe("renderContractResult", () => {
  it("writes upstream's ContractResultViewModel fields", () => {
    expect(renderContractResult(ROW, { delegation: true })).toEqual({
      address: "0x70f2b2914a2a4b783faefb75f459a580616fcb5e",
      amount: 30n,
      bloom: "0x0505",
      call_result: "0x0606",
      contract_id: "0.0.6001",
      created_contract_ids: ["0.0.7001"],
      error_message: null,
      from: "0x0000000000000000000000000000000000001f41",
      function_parameters: "0x0707",
      gas_consumed: 111n,
      gas_limit: 987654n,
      gas_used: 123n,
      hash: "0x98",
      timestamp: "187655.000123456",
      to: "0x0000000000000000000000000000000000001771",
    });
  });

  it("writes an empty bloom as 256 zero bytes and null bytes as 0x; without an EVM address the address is the long-zero one", () => {
    const view = renderContractResult({ ...ROW, bloom: new Uint8Array(), call_result: null, evm_address: null }, { delegation: false });
    expect(view.bloom).toBe(`0x${"00".repeat(256)}`);
    expect(view.call_result).toBe("0x");
    expect(view.address).toBe("0x0000000000000000000000000000000000001771");
  });

  it("without a sender, takes the sender alias out of the function result", () => {
    const alias = bytes("ebb9a1be370150759408cd7af48e9eda2b8ead57");
    const functionResult = proto.ContractFunctionResult.encode({ senderId: { alias } }).finish();
    expect(renderContractResult({ ...ROW, sender_id: null, function_result: functionResult }, { delegation: false }).from).toBe(
      "0xebb9a1be370150759408cd7af48e9eda2b8ead57",
    );
    expect(renderContractResult({ ...ROW, sender_id: null }, { delegation: false }).from).toBeNull();
  });
});

describe("renderContractResultDetails", () => {
  const block = { consensus_start: 1n, consensus_end: 2n, gas_used: 400000n, hash: "fbd9", index: 10n };

  it("without an Ethereum transaction, has the block and result but no Ethereum fields", () => {
    const view = renderContractResultDetails(ROW, { block, ethereum: undefined, hbar: false }, { delegation: true });
    expect(view).toMatchObject({ amount: 300000000000n, block_hash: "0xfbd9", block_number: 10n, block_gas_used: 400000n, result: "SUCCESS", status: "0x1" });
    expect(view).toMatchObject({ access_list: null, chain_id: null, gas_price: null, nonce: null, type: null, v: null, failed_initcode: null });
    expect(view).not.toHaveProperty("authorization_list");
  });

  it("with one, converts weibars to tinybars unless hbar=false, and formats the authorization list", () => {
    const tinybars = renderContractResultDetails(ROW, { block: undefined, ethereum: ETHEREUM, hbar: true }, { delegation: true });
    expect(tinybars).toMatchObject({
      access_list: "0x",
      amount: 20n,
      authorization_list: [{ chain_id: "0x127", address: "0x0000000000000000000000000000000000000001", nonce: 5, y_parity: 1, r: "0x22", s: "0x33" }],
      block_hash: "0x",
      block_number: null,
      chain_id: "0x12a",
      gas_price: "0x4a817c80",
      max_fee_per_gas: "0x59",
      max_priority_fee_per_gas: "0x33",
      nonce: 5n,
      type: 2,
      v: 1,
    });
    const weibars = renderContractResultDetails(ROW, { block: undefined, ethereum: ETHEREUM, hbar: false }, { delegation: false });
    expect(weibars).toMatchObject({ amount: 200000000000n, gas_price: "0xad78ebc5ac620000", max_fee_per_gas: "0xcf38224400" });
    expect(weibars).not.toHaveProperty("authorization_list");
  });

  it("gives a failed result without a message its result name, and a legacy transaction its signature v", () => {
    const view = renderContractResultDetails(
      { ...ROW, transaction_result: 33 },
      { block: undefined, ethereum: { ...ETHEREUM, type: 0, call_data: bytes("abcd") }, hbar: true },
      { delegation: false },
    );
    expect(view).toMatchObject({ error_message: "CONTRACT_REVERT_EXECUTED", status: "0x0", v: 27n, failed_initcode: "0xabcd", function_parameters: "0xabcd" });
  });
});
