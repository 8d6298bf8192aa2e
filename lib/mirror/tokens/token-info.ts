import type { SqlClient } from "@/lib/db";
import { invalidParameter, notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, formatOptionalEntityId } from "../entity-id";
import { filtersOf } from "../filters";
import { formatKey } from "../keys";
import { RequestQuery, validateQuery, type ValueRule } from "../query";
import { mirrorJson } from "../response";
import { expiry } from "../expiry";
import { entityIdValue, isNumericEntityIdParam } from "../entity-id-param";
import { isTimestampParam } from "../param-rules";
import { formatOptionalTimestamp, parseTimestamp } from "../timestamp";
import { renderCustomFees, type CustomFeeRow } from "./custom-fees";

const PARAMETERS = {
  timestamp: ((op, value) => (op === "eq" || op === "lt" || op === "lte") && isTimestampParam(value)) as ValueRule,
};

type TokenInfoRow = {
  token_id: bigint;
  created_timestamp: bigint;
  decimals: bigint;
  fee_schedule_key: Uint8Array | null;
  freeze_default: boolean;
  freeze_key: Uint8Array | null;
  initial_supply: bigint;
  kyc_key: Uint8Array | null;
  max_supply: bigint;
  metadata: Uint8Array | null;
  metadata_key: Uint8Array | null;
  name: string;
  pause_key: Uint8Array | null;
  pause_status: string;
  supply_key: Uint8Array | null;
  supply_type: string;
  symbol: string;
  total_supply: bigint;
  treasury_account_id: bigint;
  type: string;
  wipe_key: Uint8Array | null;
};

type EntityInfoRow = {
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  deleted: boolean | null;
  expiration_timestamp: bigint | null;
  key: Uint8Array | null;
  memo: string;
};

const TOKEN_COLUMNS = `token_id, created_timestamp, decimals, fee_schedule_key, freeze_default, freeze_key, initial_supply, kyc_key,
  max_supply, metadata, metadata_key, name, pause_key, pause_status::text AS pause_status,
  supply_key, supply_type::text AS supply_type, symbol, total_supply, treasury_account_id, type::text AS type, wipe_key`;
const ENTITY_COLUMNS = "auto_renew_account_id, auto_renew_period, deleted, expiration_timestamp, key, memo";
const FEE_COLUMNS = "entity_id, fixed_fees::text, fractional_fees::text, royalty_fees::text";

/**
 * A row of a current table or its history twin: as of a time, the version in
 * force then; else the current row. `since` is when that version began.
 */
async function versionAt<Row>(sql: SqlClient, table: string, idColumn: string, columns: string, id: bigint, at: bigint | undefined): Promise<(Row & { since: bigint }) | undefined> {
  const select = `SELECT ${columns}, lower(timestamp_range) AS since`;
  if (at === undefined) {
    const [row] = await sql.query<Row & { since: bigint }>(`${select} FROM ${table} WHERE ${idColumn} = $1`, [id]);
    return row;
  }
  const [row] = await sql.query<Row & { since: bigint }>(
    `SELECT * FROM (
       (${select} FROM ${table} WHERE ${idColumn} = $1 AND lower(timestamp_range) <= $2)
       UNION ALL
       (${select} FROM ${table}_history WHERE ${idColumn} = $1 AND lower(timestamp_range) <= $2
         ORDER BY lower(timestamp_range) DESC LIMIT 1)
     ) versions ORDER BY since DESC LIMIT 1`,
    [id, at],
  );
  return row;
}

/** GET /api/v1/tokens/{tokenId}: a token's properties and custom fees, now or as of `timestamp`. */
export function createTokenInfoHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const { tokenId: rawId } = await context.params;
    const tokenId = typeof rawId === "string" && isNumericEntityIdParam("eq", rawId) ? entityIdValue(rawId, mirror.config.system) : null;
    if (tokenId === null) throw invalidParameter("tokenid");
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    // Upstream honours the last timestamp filter; lt is the instant before.
    const last = filtersOf(query, "timestamp").at(-1);
    const at = last && parseTimestamp(last.value)! - (last.op === "lt" ? 1n : 0n);

    const sql = await mirror.sql();
    const token = await versionAt<TokenInfoRow>(sql, "token", "token_id", TOKEN_COLUMNS, tokenId, at);
    const fee = await versionAt<CustomFeeRow>(sql, "custom_fee", "entity_id", FEE_COLUMNS, tokenId, at);
    if (!token || !fee) throw notFound();
    const entity = await versionAt<EntityInfoRow>(sql, "entity", "id", ENTITY_COLUMNS, tokenId, at);
    return mirrorJson(
      {
        admin_key: formatKey(entity?.key ?? null),
        auto_renew_account: formatOptionalEntityId(entity?.auto_renew_account_id ?? null),
        auto_renew_period: entity?.auto_renew_period ?? null,
        created_timestamp: formatOptionalTimestamp(token.created_timestamp),
        custom_fees: renderCustomFees({ ...fee, created_timestamp: fee.since }, token.type),
        decimals: token.decimals.toString(),
        deleted: entity?.deleted ?? null,
        expiry_timestamp: entity ? expiry({ ...entity, created_timestamp: token.created_timestamp }) : null,
        fee_schedule_key: formatKey(token.fee_schedule_key),
        freeze_default: token.freeze_default,
        freeze_key: formatKey(token.freeze_key),
        initial_supply: token.initial_supply.toString(),
        kyc_key: formatKey(token.kyc_key),
        max_supply: token.max_supply.toString(),
        memo: entity?.memo ?? null,
        metadata: token.metadata ? Buffer.from(token.metadata).toString("base64") : "",
        metadata_key: formatKey(token.metadata_key),
        // The later of the token's and the entity's last change.
        modified_timestamp: formatOptionalTimestamp(entity && entity.since > token.since ? entity.since : token.since),
        name: token.name,
        pause_key: formatKey(token.pause_key),
        pause_status: token.pause_status,
        supply_key: formatKey(token.supply_key),
        supply_type: token.supply_type,
        symbol: token.symbol,
        token_id: formatEntityId(token.token_id),
        total_supply: token.total_supply.toString(),
        treasury_account_id: formatEntityId(token.treasury_account_id),
        type: token.type,
        wipe_key: formatKey(token.wipe_key),
      },
      CACHE_CONTROL.tokenById,
    );
  };
}
