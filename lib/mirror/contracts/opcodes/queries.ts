import type { SqlClient } from "@/lib/db";

/** What a replay needs of a contract result: the call as it was made, and who made it. */
export type ReplayRow = {
  consensus_timestamp: bigint;
  contract_id: bigint;
  sender_id: bigint | null;
  amount: bigint | null;
  gas_limit: bigint;
  function_parameters: Uint8Array | null;
  /** The transaction's type: 8 is a HAPI ContractCreate. */
  transaction_type: number | null;
  sender_evm_address: Uint8Array | null;
  contract_evm_address: Uint8Array | null;
  initcode: Uint8Array | null;
  /** Set for an Ethereum transaction: its call data, and whether it named a receiver. */
  ethereum_call_data: Uint8Array | null;
  ethereum_to: Uint8Array | null;
  ethereum: boolean;
};

const REPLAY_COLUMNS = `SELECT cr.consensus_timestamp, cr.contract_id, cr.sender_id, cr.amount, cr.gas_limit, cr.function_parameters,
    (SELECT t.type FROM transaction t WHERE t.consensus_timestamp = cr.consensus_timestamp LIMIT 1) AS transaction_type,
    s.evm_address AS sender_evm_address, c.evm_address AS contract_evm_address, k.initcode,
    e.call_data AS ethereum_call_data, e.to_address AS ethereum_to, e.consensus_timestamp IS NOT NULL AS ethereum
  FROM contract_result cr
  LEFT JOIN entity s ON s.id = cr.sender_id
  LEFT JOIN entity c ON c.id = cr.contract_id
  LEFT JOIN contract k ON k.id = cr.contract_id
  LEFT JOIN ethereum_transaction e ON e.consensus_timestamp = cr.consensus_timestamp`;

const REPLAY_AT = `${REPLAY_COLUMNS} WHERE cr.consensus_timestamp = $1 LIMIT 1`;
const REPLAY_OF_CONTRACT_AT = `${REPLAY_COLUMNS} WHERE cr.consensus_timestamp = $1 AND cr.contract_id = $2 LIMIT 1`;

/** The contract result at a timestamp (upstream `contractResultRepository.findById`), of `contractId` when given. */
export async function findReplay(sql: SqlClient, timestamp: bigint, contractId?: bigint): Promise<ReplayRow | undefined> {
  const [row] = contractId === undefined ? await sql.query<ReplayRow>(REPLAY_AT, [timestamp]) : await sql.query<ReplayRow>(REPLAY_OF_CONTRACT_AT, [timestamp, contractId]);
  return row;
}
