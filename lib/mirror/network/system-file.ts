import type { SqlClient } from "@/lib/db";
import type { TimestampRange } from "./timestamp-range";

/**
 * A system file (0.0.111 fee schedule, 0.0.112 exchange rates) as of a time:
 * the newest FILECREATE or non-empty FILEUPDATE in the range plus the
 * FILEAPPENDs after it. A version that does not decode gives way to the one
 * before it, up to upstream's 10 attempts. `timestamp` is the consensus time
 * of the last part read.
 */
export type SystemFile<T> = { value: T; timestamp: bigint };

const MAX_ATTEMPTS = 10;
const FILE_APPEND = 16;
const FILE_CREATE = 17;
const FILE_UPDATE = 19;

type Part = { consensus_timestamp: bigint; file_data: Uint8Array | null };

export async function readSystemFile<T>(
  sql: SqlClient,
  fileId: bigint,
  range: TimestampRange,
  decode: (bytes: Uint8Array) => T,
): Promise<SystemFile<T> | undefined> {
  let end = range.upper;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && end >= range.lower; attempt++) {
    const [start] = await sql.query<{ consensus_timestamp: bigint }>(
      `SELECT consensus_timestamp FROM file_data
        WHERE entity_id = $1 AND consensus_timestamp BETWEEN $2 AND $3
          AND (transaction_type = ${FILE_CREATE} OR (transaction_type = ${FILE_UPDATE} AND length(file_data) > 0))
        ORDER BY consensus_timestamp DESC LIMIT 1`,
      [fileId, range.lower, end],
    );
    if (!start) return undefined;
    const parts = await sql.query<Part>(
      `SELECT consensus_timestamp, file_data FROM file_data
        WHERE entity_id = $1 AND consensus_timestamp BETWEEN $2 AND $3
          AND (consensus_timestamp = $2 OR transaction_type = ${FILE_APPEND})
        ORDER BY consensus_timestamp`,
      [fileId, start.consensus_timestamp, end],
    );
    const content = Buffer.concat(parts.map((part) => part.file_data ?? new Uint8Array()));
    try {
      return { value: decode(content), timestamp: parts.at(-1)!.consensus_timestamp };
    } catch {
      end = start.consensus_timestamp - 1n;
    }
  }
  return undefined;
}
