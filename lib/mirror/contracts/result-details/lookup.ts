import type { SqlClient } from "@/lib/db";
import { decodeEntityId } from "../../entity-id";
import { contractResultLogs, type ContractResultLogRow } from "../logs/queries";
import type { ContractResultRow, ResultBlockRow } from "../results/queries";
import type { ContractTransactionTarget } from "./params";
import {
  findBlockAt,
  findEthereumTransaction,
  findInvolvedContracts,
  findLatestFileContents,
  findResultPayerAt,
  findResultsAt,
  findStateChanges,
  findTransactionByHash,
  findTransactionById,
  type EthereumTransactionDetailRow,
  type StateChangeRow,
  type TransactionKey,
} from "./queries";

/** Files up to 0.0.1000 are the system's: upstream never reads call data from one (`isValidUserFileId`). */
const LAST_SYSTEM_FILE = 1000n;

/** A contract result with what its transaction was and did. */
export type ResultDetails = {
  result: ContractResultRow;
  block: ResultBlockRow | undefined;
  ethereum: EthereumTransactionDetailRow | undefined;
  callDataFile: Uint8Array | null;
  logs: ContractResultLogRow[];
  stateChanges: StateChangeRow[];
};

/**
 * Where the contract transaction a path names is: by hash, its
 * contract_transaction_hash row; by id and nonce, the transaction, keyed by
 * its payer; by our timestamp, the contract result there, keyed by its payer.
 */
export async function findTransactionKey(sql: SqlClient, target: ContractTransactionTarget, nonce: number): Promise<TransactionKey | undefined> {
  switch (target.kind) {
    case "hash":
      return findTransactionByHash(sql, target.hash);
    case "timestamp":
      return findResultPayerAt(sql, target.timestamp);
    case "id": {
      const transaction = await findTransactionById(sql, target, nonce);
      return transaction && { consensus_timestamp: transaction.consensus_timestamp, entity_id: transaction.payer_account_id };
    }
  }
}

/**
 * The result of a contract transaction and its context (upstream
 * `getDetailedContractResults`): undefined when the transaction involved no
 * contract or has no result. `pathContract` is the contract the request named,
 * whose migration state changes show too.
 */
export async function findResultDetails(sql: SqlClient, key: TransactionKey, pathContract?: bigint): Promise<ResultDetails | undefined> {
  const involved = await findInvolvedContracts(sql, key);
  if (!involved) return undefined;
  const timestamp = involved.consensus_timestamp;
  const [results, ethereum, block, logs, stateChanges] = await Promise.all([
    findResultsAt(sql, timestamp, involved.contract_ids),
    findEthereumTransaction(sql, timestamp, involved.payer_account_id),
    findBlockAt(sql, timestamp),
    contractResultLogs(sql, timestamp, involved.contract_ids),
    findStateChanges(sql, timestamp, involved.contract_ids, pathContract),
  ]);
  const [result] = results;
  if (!result) return undefined;
  const callDataId = ethereum?.call_data_id;
  const callDataFile = callDataId != null && decodeEntityId(callDataId).num > LAST_SYSTEM_FILE ? await findLatestFileContents(sql, callDataId) : null;
  return { result, block, ethereum, callDataFile, logs, stateChanges };
}
