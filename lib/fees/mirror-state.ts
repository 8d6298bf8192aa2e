import type { SqlClient } from "@/lib/db";
import { log } from "@/lib/http/log";
import { encodeEntityIdParts } from "@/lib/mirror/entity-id";
import { SIMPLE_FEE_SCHEDULE_FILE_NUM } from "@/lib/mirror/system-entities";
import type { FeeStateSource, TokenFeeState, TopicFeeState } from "./state";

const FILE_APPEND = 16;
const SCHEDULE_REFRESH_MS = 10 * 60 * 1000;

type TokenRow = { token_id: bigint; type: string; fixed_fees: unknown; fractional_fees: unknown; royalty_fees: unknown };
type TopicRow = { id: bigint; fixed_fees: unknown };
type FileRow = { file_data: Uint8Array | null; transaction_type: number };

/**
 * STATE-mode lookups over the mirror node's own tables (`token`, `topic`,
 * `custom_fee`, `file_data`), so they answer the same on our database and on
 * an upstream mirror node's. One query per kind, whatever the number of ids.
 */
export function createMirrorFeeState(sql: SqlClient, clock: () => number = Date.now): FeeStateSource {
  const schedule = createScheduleCache(sql, clock);
  return {
    async getTokens(ids) {
      const encoded = ids.map(encodeEntityIdParts);
      const rows = await sql.query<TokenRow>(
        `SELECT t.token_id, t.type::text AS type, c.fixed_fees, c.fractional_fees, c.royalty_fees
           FROM token t LEFT JOIN custom_fee c ON c.entity_id = t.token_id
          WHERE t.token_id = ANY($1::bigint[])`,
        [encoded.filter((id) => id !== undefined)],
      );
      const found = new Map<bigint, TokenFeeState>(
        rows.map((row) => [
          row.token_id,
          {
            nonFungible: row.type === "NON_FUNGIBLE_UNIQUE",
            hasCustomFees: isNonEmptyArray(row.fixed_fees) || isNonEmptyArray(row.fractional_fees) || isNonEmptyArray(row.royalty_fees),
          },
        ]),
      );
      return encoded.map((id) => (id === undefined ? null : found.get(id) ?? null));
    },
    async getTopics(ids) {
      const encoded = ids.map(encodeEntityIdParts);
      const rows = await sql.query<TopicRow>(
        `SELECT t.id, c.fixed_fees FROM topic t LEFT JOIN custom_fee c ON c.entity_id = t.id WHERE t.id = ANY($1::bigint[])`,
        [encoded.filter((id) => id !== undefined)],
      );
      const found = new Map<bigint, TopicFeeState>(rows.map((row) => [row.id, { hasCustomFees: isNonEmptyArray(row.fixed_fees) }]));
      return encoded.map((id) => (id === undefined ? null : found.get(id) ?? null));
    },
    getFeeSchedule: () => schedule.get(),
  };
}

function isNonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/**
 * The schedule document from file 0.0.113, re-read at most every ten minutes
 * and handed out as the same object while its bytes are unchanged (the
 * calculator compiles each schedule object once).
 */
function createScheduleCache(sql: SqlClient, clock: () => number) {
  let loadedAt = -Infinity;
  let content: string | null = null;
  let document: unknown = null;
  let pending: Promise<unknown> | null = null;

  async function load(): Promise<unknown> {
    const text = await readScheduleFile(sql);
    loadedAt = clock();
    if (text !== content) {
      content = text;
      document = text === null ? null : parseScheduleDocument(text);
    }
    return document;
  }

  return {
    get(): Promise<unknown> {
      if (clock() - loadedAt < SCHEDULE_REFRESH_MS) return Promise.resolve(document);
      pending ??= load().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

/** The file's current content: the newest create or non-empty update, then every later append. */
async function readScheduleFile(sql: SqlClient): Promise<string | null> {
  const rows = await sql.query<FileRow>(
    `SELECT file_data, transaction_type FROM file_data
      WHERE entity_id = $1
        AND consensus_timestamp >= coalesce((
              SELECT max(consensus_timestamp) FROM file_data
               WHERE entity_id = $1 AND (transaction_type = 17 OR (transaction_type = 19 AND length(file_data) > 0))), 0)
      ORDER BY consensus_timestamp`,
    [SIMPLE_FEE_SCHEDULE_FILE_NUM],
  );
  if (rows.length === 0 || rows[0]!.transaction_type === FILE_APPEND) return null;
  const bytes = Buffer.concat(rows.map((row) => row.file_data ?? new Uint8Array()));
  return bytes.length === 0 ? null : bytes.toString("utf8");
}

let warnedUnreadable = false;

/**
 * The schedule as its published JSON document. A protobuf-encoded file is
 * not read: the published protobuf definitions do not carry the 0.73 schedule
 * messages, so the built-in schedule (the same document) is used instead.
 */
function parseScheduleDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    if (!warnedUnreadable) {
      warnedUnreadable = true;
      log.warn("file 0.0.113 is not a JSON fee schedule; using the built-in schedule");
    }
    return null;
  }
}
