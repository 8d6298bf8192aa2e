import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { RewardParams } from "./params";

/** Every SQL text of /accounts/{id}/rewards. */

export type RewardRow = { account_id: bigint; amount: bigint; consensus_timestamp: bigint };

/** A page of the staking rewards paid to an account, by consensus timestamp. */
export function rewardsPage(sql: SqlClient, accountId: bigint, params: RewardParams): Promise<RewardRow[]> {
  const conditions = new SqlConditions([accountId]);
  conditions.add("account_id = $1");
  for (const { op, nanos } of params.timestamps) conditions.add(`consensus_timestamp ${SQL_OPERATOR[op]} ${conditions.param(nanos)}`);
  return sql.query<RewardRow>(
    `SELECT account_id, amount, consensus_timestamp FROM staking_reward_transfer ${conditions.where()}
      ORDER BY consensus_timestamp ${params.order === "asc" ? "ASC" : "DESC"} LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}
