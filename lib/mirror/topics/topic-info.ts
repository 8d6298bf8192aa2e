import { proto } from "@hiero-ledger/proto";
import type { Handler } from "@/lib/http/handler";
import { parseJsonExact } from "@/lib/http/json";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, formatOptionalEntityId } from "../entity-id";
import { javaNotFound } from "../errors";
import { formatKey, type RenderedKey } from "../keys";
import { rejectUnknownParameters } from "../network/unknown-parameters";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { formatTimestamp } from "../timestamp";
import { parseJavaTopicId } from "./java-topic-id";

type TopicInfoRow = {
  id: bigint;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  deleted: boolean | null;
  memo: string | null;
  timestamp_from: bigint | null;
  timestamp_to: bigint | null;
  topic_id: bigint | null;
  admin_key: Uint8Array | null;
  fee_exempt_key_list: Uint8Array | null;
  fee_schedule_key: Uint8Array | null;
  submit_key: Uint8Array | null;
  fee_entity_id: bigint | null;
  fees_since: bigint | null;
  fixed_fees: string | null;
};

type StoredFixedFee = { amount?: bigint; collector_account_id?: bigint | null; denominating_token_id?: bigint | null };

const NO_PARAMETERS = new Set<string>();

/**
 * GET /api/v1/topics/{topicId} (rest-java): a topic's keys, memo, renewal,
 * fixed custom fees and fee-exempt keys, from its entity, topic and
 * custom_fee rows in one statement. Not a topic entity → 404, as upstream.
 */
export function createTopicInfoHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { topicId: rawId } = await context.params;
    const id = parseJavaTopicId(typeof rawId === "string" ? rawId : undefined, mirror.config.system);
    rejectUnknownParameters(RequestQuery.fromUrl(new URL(request.url)), NO_PARAMETERS);

    const sql = await mirror.sql();
    const [row] = await sql.query<TopicInfoRow>(
      `SELECT e.id, e.auto_renew_account_id, e.auto_renew_period, e.created_timestamp, e.deleted, e.memo,
              lower(e.timestamp_range) AS timestamp_from, upper(e.timestamp_range) AS timestamp_to,
              t.id AS topic_id, t.admin_key, t.fee_exempt_key_list, t.fee_schedule_key, t.submit_key,
              f.entity_id AS fee_entity_id, lower(f.timestamp_range) AS fees_since, f.fixed_fees::text AS fixed_fees
         FROM entity e
         LEFT JOIN topic t ON t.id = e.id
         LEFT JOIN custom_fee f ON f.entity_id = e.id
        WHERE e.id = $1 AND e.type = 'TOPIC'`,
      [id],
    );
    if (!row) throw javaNotFound(`Entity not found: ${formatEntityId(id)}`);
    if (row.topic_id === null) throw javaNotFound("Topic not found");
    return mirrorJson(
      {
        admin_key: javaKey(row.admin_key),
        auto_renew_account: formatOptionalEntityId(row.auto_renew_account_id),
        auto_renew_period: row.auto_renew_period,
        created_timestamp: row.created_timestamp === null ? null : javaTimestamp(row.created_timestamp),
        custom_fees: customFees(row),
        deleted: row.deleted,
        fee_exempt_key_list: keyList(row.fee_exempt_key_list),
        fee_schedule_key: javaKey(row.fee_schedule_key),
        memo: row.memo ?? "",
        submit_key: javaKey(row.submit_key),
        timestamp: {
          from: row.timestamp_from === null ? null : javaTimestamp(row.timestamp_from),
          to: row.timestamp_to === null ? null : javaTimestamp(row.timestamp_to),
        },
        topic_id: formatEntityId(row.id),
      },
      CACHE_CONTROL.topicById,
    );
  };
}

/** A topic without a custom_fee row has no fees, "created" at 0 (upstream's placeholder). */
function customFees(row: TopicInfoRow) {
  const since = row.fee_entity_id === null ? 0n : row.fees_since;
  const fees = row.fixed_fees === null ? [] : (parseJsonExact(row.fixed_fees) as StoredFixedFee[]);
  return {
    created_timestamp: since === null ? null : javaTimestamp(since),
    fixed_fees: fees.map((fee) => ({
      amount: fee.amount ?? 0n,
      collector_account_id: formatOptionalEntityId(fee.collector_account_id ?? null),
      denominating_token_id: formatOptionalEntityId(fee.denominating_token_id ?? null),
    })),
  };
}

/** rest-java writes the epoch itself as `0.0`. */
function javaTimestamp(nanos: bigint): string {
  return nanos === 0n ? "0.0" : formatTimestamp(nanos);
}

/** rest-java shows an empty key list as the protobuf it is, where the JS endpoints show no key. */
function javaKey(bytes: Uint8Array | null): RenderedKey | null {
  if (bytes !== null && Buffer.from(bytes).toString("hex") === "3200") return { _type: "ProtobufEncoded", key: "3200" };
  return formatKey(bytes);
}

/** The stored `KeyList` protobuf as its keys; none when absent or empty. */
function keyList(bytes: Uint8Array | null): Array<RenderedKey | null> {
  if (bytes === null || bytes.length === 0) return [];
  return proto.KeyList.decode(bytes).keys.map((key) => javaKey(proto.Key.encode(key).finish()));
}
