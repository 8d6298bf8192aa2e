import type { SqlClient } from "@/lib/db";
import type { TimestampRange } from "./params";
import { findSystemFileParts, findSystemFileStart } from "./queries";

/**
 * A system file (0.0.111 fee schedule, 0.0.112 exchange rates) as of a time:
 * the newest FILECREATE or non-empty FILEUPDATE in the range plus the
 * FILEAPPENDs after it. A version that does not decode gives way to the one
 * before it, up to upstream's 10 attempts. `timestamp` is the consensus time
 * of the last part read.
 */
export type SystemFile<T> = { value: T; timestamp: bigint };

const MAX_ATTEMPTS = 10;

export async function readSystemFile<T>(
  sql: SqlClient,
  fileId: bigint,
  range: TimestampRange,
  decode: (bytes: Uint8Array) => T,
): Promise<SystemFile<T> | undefined> {
  let end = range.upper;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && end >= range.lower; attempt++) {
    const start = await findSystemFileStart(sql, fileId, range.lower, end);
    if (start === undefined) return undefined;
    const parts = await findSystemFileParts(sql, fileId, start, end);
    const content = Buffer.concat(parts.map((part) => part.file_data ?? new Uint8Array()));
    try {
      return { value: decode(content), timestamp: parts.at(-1)!.consensus_timestamp };
    } catch {
      end = start - 1n;
    }
  }
  return undefined;
}
