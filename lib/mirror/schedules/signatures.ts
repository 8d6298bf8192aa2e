import type { SqlClient } from "@/lib/db";
import { formatTimestamp } from "../timestamp";

/** A signature a schedule collected, as `/schedules` renders it. */
export type ScheduleSignature = { consensus_timestamp: string; public_key_prefix: string; signature: string; type: string };

type SignatureRow = { entity_id: bigint; consensus_timestamp: bigint; public_key_prefix: Uint8Array; signature: Uint8Array; type: number | null };

// transaction_signature.type holds the protobuf SignaturePair case; anything else is UNKNOWN (upstream SignatureType).
const SIGNATURE_TYPES: Readonly<Record<number, string>> = { 2: "CONTRACT", 3: "ED25519", 4: "RSA_3072", 5: "ECDSA_384", 6: "ECDSA_SECP256K1" };

export function signatureTypeName(type: number | null): string {
  return (type !== null && SIGNATURE_TYPES[type]) || "UNKNOWN";
}

/**
 * The signatures of each schedule in `scheduleIds`, oldest first: one query
 * for a whole page, on the (entity_id, consensus_timestamp) index.
 */
export async function signaturesOf(sql: SqlClient, scheduleIds: readonly bigint[]): Promise<Map<bigint, ScheduleSignature[]>> {
  const bySchedule = new Map<bigint, ScheduleSignature[]>(scheduleIds.map((id) => [id, []]));
  if (scheduleIds.length === 0) return bySchedule;
  const rows = await sql.query<SignatureRow>(
    `SELECT entity_id, consensus_timestamp, public_key_prefix, signature, type
       FROM transaction_signature
      WHERE entity_id = ANY($1::bigint[])
      ORDER BY entity_id, consensus_timestamp`,
    [scheduleIds],
  );
  for (const row of rows) {
    bySchedule.get(row.entity_id)?.push({
      consensus_timestamp: formatTimestamp(row.consensus_timestamp),
      public_key_prefix: Buffer.from(row.public_key_prefix).toString("base64"),
      signature: Buffer.from(row.signature).toString("base64"),
      type: signatureTypeName(row.type),
    });
  }
  return bySchedule;
}
