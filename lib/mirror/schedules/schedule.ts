import type { SqlClient } from "@/lib/db";
import { formatEntityId } from "../entity-id";
import { formatKey } from "../keys";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import { signaturesOf } from "./signatures";

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

/** The select list and join every schedule query shares; callers add WHERE, ORDER BY and LIMIT on `s`. */
export const SCHEDULE_SELECT = `SELECT s.consensus_timestamp, s.creator_account_id, e.deleted, s.executed_timestamp, s.expiration_time,
       e.key, e.memo, s.payer_account_id, s.schedule_id, s.transaction_body, s.wait_for_expiry
  FROM schedule s
  LEFT JOIN entity e ON e.id = s.schedule_id`;

/** The rows rendered in upstream's key order, with their signatures loaded in one query. */
export async function renderSchedules(sql: SqlClient, rows: readonly ScheduleRow[]) {
  const signatures = await signaturesOf(sql, rows.map((row) => row.schedule_id));
  return rows.map((row) => ({
    admin_key: formatKey(row.key),
    consensus_timestamp: formatTimestamp(row.consensus_timestamp),
    creator_account_id: formatEntityId(row.creator_account_id),
    deleted: row.deleted,
    executed_timestamp: formatOptionalTimestamp(row.executed_timestamp),
    expiration_time: formatOptionalTimestamp(row.expiration_time),
    memo: row.memo,
    payer_account_id: formatEntityId(row.payer_account_id),
    schedule_id: formatEntityId(row.schedule_id),
    signatures: signatures.get(row.schedule_id) ?? [],
    transaction_body: Buffer.from(row.transaction_body).toString("base64"),
    wait_for_expiry: row.wait_for_expiry,
  }));
}
