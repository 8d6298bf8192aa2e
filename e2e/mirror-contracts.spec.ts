import { expect, test, type APIRequestContext } from "@playwright/test";
import { ARTIFACTS } from "../lib/seed/mirror/contracts/artifacts";

/**
 * The demo ledger's contracts on the served app, walked as an explorer walks
 * them: the list, one contract, its results, one result with its logs,
 * actions and state changes, the contract's state; and the paths our list
 * adds (`/contracts/results/{timestamp}`, `/contracts/logs`,
 * `/contracts/results/{id}/results`). The expectations come from the
 * compiled artifacts and from what the other endpoints say about the same
 * rows, so they hold whatever clock the server seeded with.
 */
type Contract = { contract_id: string; evm_address: string; created_timestamp: string; bytecode?: string; runtime_bytecode?: string };
type Log = { address: string; contract_id: string; data: string; index: number; topics: string[]; bloom: string };
type StateChange = { address: string; contract_id: string; slot: string; value_read: string; value_written: string | null };
type Result = {
  address: string;
  contract_id: string;
  function_parameters: string;
  call_result: string;
  error_message: string | null;
  gas_used: number;
  gas_limit: number;
  hash: string;
  timestamp: string;
  from: string;
  to: string | null;
  bloom: string;
};
type Details = Result & { result: string; block_hash: string; block_number: number; block_gas_used: number; transaction_index: number; logs: Log[]; state_changes: StateChange[] };
type FullLog = Log & { timestamp: string; transaction_hash: string; block_number: number; block_hash: string; root_contract_id: string; transaction_index: number };
type Action = { call_depth: number; index: number; timestamp: string; to: string | null; from: string; caller: string; recipient: string | null; result_data: string; result_data_type: string; input: string };

const NAMES = Object.keys(ARTIFACTS).sort() as Name[];
type Name = keyof typeof ARTIFACTS;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TRANSFER_SELECTOR = "0xa9059cbb";
const SET_SELECTOR = "0x60fe47b1";
const pad = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;

/** A contract's results with their details: the list items (upstream's ContractResultViewModel) carry no `result`. */
async function detailedResults(request: APIRequestContext, contractId: string): Promise<Details[]> {
  const { results } = await getJson<{ results: Result[] }>(request, `/api/v1/contracts/${contractId}/results?limit=100`);
  return Promise.all(results.map((result) => getJson<Details>(request, `/api/v1/contracts/${contractId}/results/${result.timestamp}`)));
}

/** The seeded contracts by name, found by their runtime code. */
async function demoContracts(request: APIRequestContext): Promise<Map<Name, Contract>> {
  const { contracts } = await getJson<{ contracts: Contract[] }>(request, "/api/v1/contracts?limit=25");
  const found = new Map<Name, Contract>();
  for (const listed of contracts) {
    const contract = await getJson<Contract>(request, `/api/v1/contracts/${listed.contract_id}`);
    expect(contract.contract_id).toBe(listed.contract_id);
    const name = NAMES.find((key) => ARTIFACTS[key].deployedBytecode === contract.runtime_bytecode);
    if (name) {
      expect(contract.bytecode).toBe(ARTIFACTS[name].bytecode);
      found.set(name, contract);
    }
  }
  expect([...found.keys()].sort()).toEqual([...NAMES]);
  return found;
}

test("the list, each contract by id and by EVM address, and its creation", async ({ request }) => {
  const contracts = await demoContracts(request);
  for (const contract of contracts.values()) {
    const byAddress = await getJson<Contract>(request, `/api/v1/contracts/${contract.evm_address}`);
    expect(byAddress.contract_id).toBe(contract.contract_id);
    const { results } = await getJson<{ results: Result[] }>(request, `/api/v1/contracts/${contract.contract_id}/results?order=asc&limit=1`);
    expect(results[0]!.timestamp).toBe(contract.created_timestamp);
    expect(results[0]!.call_result).toBe(contract.runtime_bytecode);
  }
  // Storage came from an Ethereum transaction: its EVM address is no long-zero one.
  expect(contracts.get("Storage")!.evm_address).not.toMatch(/^0x0{24}/);
});

test("one DemoToken transfer: its details, logs, actions and state, and the same result by every path", async ({ request }) => {
  const token = (await demoContracts(request)).get("DemoToken")!;
  const results = await detailedResults(request, token.contract_id);
  const transfer = results.find((result) => result.result === "SUCCESS" && result.function_parameters.startsWith(TRANSFER_SELECTOR))!;
  expect(transfer).toBeDefined();
  expect(results.some((result) => result.result === "CONTRACT_REVERT_EXECUTED" && result.error_message?.startsWith("0x"))).toBe(true);

  const details = await getJson<Details>(request, `/api/v1/contracts/${token.contract_id}/results/${transfer.timestamp}`);
  expect(details.hash).toBe(transfer.hash);
  expect(details.gas_used).toBe(transfer.gas_used);
  expect(details.logs).toHaveLength(1);
  const [log] = details.logs;
  expect(log!.topics[0]).toBe(TRANSFER);
  // transfer(to, value): the log names the same receiver and value as the call.
  const args = transfer.function_parameters.slice(10);
  expect(log!.topics[2]).toBe(`0x${args.slice(0, 64)}`);
  expect(log!.data).toBe(`0x${args.slice(64, 128)}`);
  expect(details.state_changes.length).toBeGreaterThanOrEqual(2);
  for (const change of details.state_changes) expect(change.contract_id).toBe(token.contract_id);

  const block = await getJson<{ number: number; hash: string; gas_used: number; timestamp: { from: string; to: string } }>(request, `/api/v1/blocks/${details.block_number}`);
  expect(block.hash).toBe(details.block_hash);
  expect(block.gas_used).toBe(details.block_gas_used);
  expect(block.gas_used).toBeGreaterThanOrEqual(details.gas_used);

  const byHash = await getJson<Details>(request, `/api/v1/contracts/results/${transfer.hash}`);
  const byTimestamp = await getJson<Details>(request, `/api/v1/contracts/results/${transfer.timestamp}`);
  expect(byHash).toEqual(details);
  expect(byTimestamp).toEqual(details);

  const { logs } = await getJson<{ logs: FullLog[] }>(request, `/api/v1/contracts/${token.contract_id}/results/logs?timestamp=${transfer.timestamp}`);
  expect(logs.map(({ address, bloom, contract_id, data, index, topics }) => ({ address, bloom, contract_id, data, index, topics }))).toEqual(details.logs);
  expect(logs[0]!.transaction_hash).toBe(transfer.hash);
  expect(logs[0]!.block_number).toBe(details.block_number);
  const global = await getJson<{ logs: FullLog[] }>(request, `/api/v1/contracts/results/logs?timestamp=${transfer.timestamp}`);
  expect(global.logs).toEqual(logs);
  const alias = await getJson<{ logs: FullLog[] }>(request, `/api/v1/contracts/logs?timestamp=${transfer.timestamp}`);
  expect(alias).toEqual(global);

  const { actions } = await getJson<{ actions: Action[] }>(request, `/api/v1/contracts/results/${transfer.hash}/actions`);
  expect(actions[0]!.call_depth).toBe(0);
  expect(actions[0]!.timestamp).toBe(transfer.timestamp);
  expect(actions[0]!.input).toBe(transfer.function_parameters);
  expect(actions[0]!.result_data).toBe(transfer.call_result);
  const aliasActions = await getJson<{ actions: Action[] }>(request, `/api/v1/contracts/results/${transfer.hash}/results`);
  expect(aliasActions.actions).toEqual(actions);

  // As of the transfer, each slot it wrote holds the value it wrote.
  const written = details.state_changes.filter((change) => change.value_written !== null);
  expect(written.length).toBeGreaterThanOrEqual(2);
  for (const change of written) {
    const { state } = await getJson<{ state: Array<{ slot: string; value: string }> }>(
      request,
      `/api/v1/contracts/${token.contract_id}/state?slot=${pad(change.slot)}&timestamp=${transfer.timestamp}`,
    );
    expect(state.map((entry) => entry.value)).toEqual([pad(change.value_written!)]);
  }
});

test("Storage's value is the one its last set call wrote, and its history answers by timestamp", async ({ request }) => {
  const storage = (await demoContracts(request)).get("Storage")!;
  const { results } = await getJson<{ results: Result[] }>(request, `/api/v1/contracts/${storage.contract_id}/results?limit=100`);
  const sets = results.filter((result) => result.function_parameters.startsWith(SET_SELECTOR));
  expect(sets.length).toBeGreaterThan(10);
  const [latest, earlier] = sets;
  const valueOf = (result: Result) => `0x${result.function_parameters.slice(10, 74)}`;
  const { state } = await getJson<{ state: Array<{ slot: string; value: string }> }>(request, `/api/v1/contracts/${storage.contract_id}/state?slot=${pad("0")}`);
  expect(state).toHaveLength(1);
  expect(state[0]!.value).toBe(valueOf(latest!));
  const past = await getJson<{ state: Array<{ slot: string; value: string }> }>(request, `/api/v1/contracts/${storage.contract_id}/state?slot=${pad("0")}&timestamp=${earlier!.timestamp}`);
  expect(past.state[0]!.value).toBe(valueOf(earlier!));
});

test("the Reverter's results revert, and the HtsReader's reach the HTS system contract", async ({ request }) => {
  const contracts = await demoContracts(request);
  const reverter = await detailedResults(request, contracts.get("Reverter")!.contract_id);
  const reverts = reverter.filter((result) => result.function_parameters !== "0x");
  expect(reverts.length).toBeGreaterThan(0);
  for (const result of reverts) expect(result.result).toBe("CONTRACT_REVERT_EXECUTED");

  const reader = await detailedResults(request, contracts.get("HtsReader")!.contract_id);
  const read = reader.find((result) => result.result === "SUCCESS" && result.function_parameters.length > 10)!;
  expect(read).toBeDefined();
  const { actions } = await getJson<{ actions: Action[] }>(request, `/api/v1/contracts/results/${read.hash}/actions`);
  expect(actions.length).toBeGreaterThan(1);
  // Its own calls are at depth 1; the token facade's proxy DELEGATECALLs 0x167 one deeper.
  expect(actions.slice(1).every((action) => action.call_depth === 1 || action.call_depth === 2)).toBe(true);
  expect(actions.filter((action) => action.call_depth === 1).map((action) => action.to)).toContain("0x0000000000000000000000000000000000000167");
});
