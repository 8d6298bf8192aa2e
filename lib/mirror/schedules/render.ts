import { formatEntityId } from "../entity-id";
import { formatKey } from "../keys";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import type { ScheduleRow, ScheduleSignatureRow } from "./queries";

/** A signature a schedule collected, as `/schedules` renders it. */
type ScheduleSignature = { consensus_timestamp: string; public_key_prefix: string; signature: string; type: string };

// transaction_signature.type holds the protobuf SignaturePair case; anything else is UNKNOWN (upstream SignatureType).
const SIGNATURE_TYPES: Readonly<Record<number, string>> = { 2: "CONTRACT", 3: "ED25519", 4: "RSA_3072", 5: "ECDSA_384", 6: "ECDSA_SECP256K1" };

function signatureTypeName(type: number | null): string {
  return (type !== null && SIGNATURE_TYPES[type]) || "UNKNOWN";
}

// Input bytes per line of PostgreSQL's base64 (76 characters).
const LINE_BYTES = 57;

/**
 * Base64 as PostgreSQL's `encode(bytes, 'base64')` writes it: a newline after
 * each line of 76 characters that 57 whole input bytes fill (so also at the
 * very end of 57, 114, … bytes, never after a padded group). Upstream's
 * /schedules encodes signatures in its SQL (`rest/schedules.js`), so clients
 * of real mirror nodes receive a 64-byte signature as two lines; we send the
 * same bytes.
 */
export function postgresBase64(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  let text = "";
  let start = 0;
  for (; start + LINE_BYTES <= buffer.length; start += LINE_BYTES) text += `${buffer.subarray(start, start + LINE_BYTES).toString("base64")}\n`;
  return text + buffer.subarray(start).toString("base64");
}

/** The signature rows grouped by schedule, each schedule's in the rows' order. */
function signaturesBySchedule(rows: readonly ScheduleRow[], signatures: readonly ScheduleSignatureRow[]): Map<bigint, ScheduleSignature[]> {
  const bySchedule = new Map<bigint, ScheduleSignature[]>(rows.map((row) => [row.schedule_id, []]));
  for (const row of signatures) {
    bySchedule.get(row.entity_id)?.push({
      consensus_timestamp: formatTimestamp(row.consensus_timestamp),
      public_key_prefix: postgresBase64(row.public_key_prefix),
      signature: postgresBase64(row.signature),
      type: signatureTypeName(row.type),
    });
  }
  return bySchedule;
}

/** The schedules in upstream's key order, each with its signatures. */
export function renderSchedules(rows: readonly ScheduleRow[], signatureRows: readonly ScheduleSignatureRow[]) {
  const signatures = signaturesBySchedule(rows, signatureRows);
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
