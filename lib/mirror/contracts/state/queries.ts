import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../../filters";
import type { ContractStateParams } from "./params";

export type ContractStateRow = {
  contract_id: bigint;
  evm_address: Uint8Array | null;
  modified_timestamp: bigint;
  slot: Uint8Array;
  value: Uint8Array | null;
};

/**
 * A contract's storage slots: the current ones from contract_state, or with
 * timestamp bounds each slot's latest change within them from
 * contract_state_change (its written value, else the value read).
 */
export function findContractState(sql: SqlClient, contractId: bigint, params: ContractStateParams): Promise<ContractStateRow[]> {
  const historical = params.timestamps.length > 0;
  const alias = historical ? "csc" : "cs";
  const conditions = new SqlConditions();
  conditions.add(`${alias}.contract_id = ${conditions.param(contractId)}`);
  for (const { op, nanos } of params.timestamps) conditions.add(`csc.consensus_timestamp ${SQL_OPERATOR[op]} ${conditions.param(nanos)}`);
  for (const { op, slot } of params.slots) if (op !== "eq") conditions.add(`${alias}.slot ${SQL_OPERATOR[op]} ${conditions.param(slot)}`);
  const equal = params.slots.filter((filter) => filter.op === "eq").map((filter) => filter.slot);
  if (equal.length > 0) conditions.add(`${alias}.slot IN (${equal.map((slot) => conditions.param(slot)).join(", ")})`);
  const order = params.order === "asc" ? "ASC" : "DESC";
  if (!historical) {
    return sql.query<ContractStateRow>(
      `SELECT cs.contract_id, e.evm_address, cs.modified_timestamp, cs.slot, cs.value
         FROM contract_state cs LEFT JOIN entity e ON e.id = cs.contract_id
         ${conditions.where()}
        ORDER BY cs.slot ${order}
        LIMIT ${sqlLimit(params.limit)}`,
      conditions.params,
    );
  }
  return sql.query<ContractStateRow>(
    `SELECT DISTINCT ON (csc.slot) csc.contract_id, e.evm_address, csc.consensus_timestamp AS modified_timestamp, csc.slot,
            coalesce(csc.value_written, csc.value_read) AS value
       FROM contract_state_change csc LEFT JOIN entity e ON e.id = csc.contract_id
       ${conditions.where()}
      ORDER BY csc.slot ${order}, csc.consensus_timestamp DESC
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}
