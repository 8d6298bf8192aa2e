import type { SqlClient } from "@/lib/db";
import { SqlConditions, sqlLimit } from "../filters";
import { boundConditions, conditionSql } from "../rest-java/bound-conditions";
import type { AirdropParams, AirdropSide } from "./params";

/** Every SQL text of the airdrop endpoints. */

export type AirdropRow = {
  amount: bigint | null;
  receiver_account_id: bigint;
  sender_account_id: bigint;
  serial_number: bigint;
  token_id: bigint;
  since: bigint;
  until: bigint | null;
};

/** A page of the airdrops still in state PENDING on the account's side, by (other account, token, serial number). */
export function airdropsPage(sql: SqlClient, accountId: bigint, side: AirdropSide, params: AirdropParams): Promise<AirdropRow[]> {
  const conditions = new SqlConditions([accountId]);
  conditions.add(`${side.pathColumn} = $1`);
  const range = conditionSql(boundConditions(params.bounds), conditions);
  if (range) conditions.add(range);
  conditions.add("state = 'PENDING'");
  const direction = params.order === "asc" ? "ASC" : "DESC";
  return sql.query<AirdropRow>(
    `SELECT amount, receiver_account_id, sender_account_id, serial_number, token_id,
            lower(timestamp_range) AS since, upper(timestamp_range) AS until
       FROM token_airdrop ${conditions.where()}
      ORDER BY ${side.otherColumn} ${direction}, token_id ${direction}, serial_number ${direction}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}
