import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { SchedulesParams } from "./params";

/** A schedule with what its entity row adds (memo, admin key, deleted); the entity columns are null when that row is missing. */
export type ScheduleRow = {
  consensus_timestamp: bigint;
  creator_account_id: bigint;
  deleted: boolean | null;
  executed_timestamp: bigint | null;
  expiration_time: bigint | null;
  key: Uint8Array | null;
  memo: string | null;
  payer_account_id: bigint;
  schedule_id: bigint;
  transaction_body: Uint8Array;
  wait_for_expiry: boolean;
};

export type ScheduleSignatureRow = { entity_id: bigint; consensus_timestamp: bigint; public_key_prefix: Uint8Array; signature: Uint8Array; type: number | null };

/** The select list and join every schedule query shares. */
const SCHEDULE_SELECT = `SELECT s.consensus_timestamp, s.creator_account_id, e.deleted, s.executed_timestamp, s.expiration_time,
       e.key, e.memo, s.payer_account_id, s.schedule_id, s.transaction_body, s.wait_for_expiry
  FROM schedule s
  LEFT JOIN entity e ON e.id = s.schedule_id`;

const SCHEDULE_BY_ID = `${SCHEDULE_SELECT} WHERE s.schedule_id = $1`;

const SCHEDULE_COLUMNS = { creator: "s.creator_account_id", schedule: "s.schedule_id" } as const;


/** The signatures of a page of schedules, on the (entity_id, consensus_timestamp) index. */
const SCHEDULE_SIGNATURES = `SELECT entity_id, consensus_timestamp, public_key_prefix, signature, type
       FROM transaction_signature
      WHERE entity_id = ANY($1::bigint[])
      ORDER BY entity_id, consensus_timestamp`;

export async function findSchedule(sql: SqlClient, scheduleId: bigint): Promise<ScheduleRow | undefined> {
  const [row] = await sql.query<ScheduleRow>(SCHEDULE_BY_ID, [scheduleId]);
  return row;
}

export function findSchedules(sql: SqlClient, params: SchedulesParams): Promise<ScheduleRow[]> {
  const conditions = new SqlConditions();
  for (const { column, op, id } of params.filters) conditions.add(`${SCHEDULE_COLUMNS[column]} ${SQL_OPERATOR[op]} ${conditions.param(id)}`);
  return sql.query<ScheduleRow>(
    `${SCHEDULE_SELECT}
       ${conditions.where()}
       ORDER BY s.schedule_id ${params.order === "asc" ? "ASC" : "DESC"}
       LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

/** The signatures of `schedules`, oldest first per schedule: one query for a whole page, none for an empty one. */
export async function findScheduleSignatures(sql: SqlClient, schedules: readonly ScheduleRow[]): Promise<ScheduleSignatureRow[]> {
  if (schedules.length === 0) return [];
  return sql.query<ScheduleSignatureRow>(SCHEDULE_SIGNATURES, [schedules.map((row) => row.schedule_id)]);
}
