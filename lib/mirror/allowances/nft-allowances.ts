import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, parseEntityId } from "../entity-id";
import { javaBadRequest } from "../errors";
import { SqlConditions } from "../filters";
import { rejectUnknownParameters } from "../network/unknown-parameters";
import { javaNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { lookupJavaAccount, parseJavaAccountPath } from "../rest-java/account-path";
import { Bound } from "../rest-java/bound";
import { boundConditions, conditionSql } from "../rest-java/bound-conditions";
import { javaBoolean, javaEntityIdRanges, javaLimit, javaOrder, limitViolations, sizeViolations, throwViolations } from "../rest-java/params";
import { TIMESTAMP_RANGE_COLUMNS, timestampRange, type TimestampRangeRow } from "./allowance-view";

const ACCEPTED = new Set(["account.id", "limit", "order", "owner", "token.id"]);

type NftAllowanceRow = TimestampRangeRow & { approved_for_all: boolean; owner: bigint; spender: bigint; token_id: bigint };

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts (rest-java):
 * the approved-for-all NFT allowances the account granted (`owner=true`, the
 * default; `account.id` then filters the spender) or was granted
 * (`owner=false`; `account.id` filters the owner), by (account, token).
 */
export function createNftAllowancesHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const { system } = mirror.config;
    const path = parseJavaAccountPath((await context.params).idOrAliasOrEvmAddress, system);
    const accountIds = javaEntityIdRanges(query, "account.id", system);
    const limit = javaLimit(query);
    const order = javaOrder(query);
    const byOwner = javaBoolean(query, "owner", true);
    const tokenIds = javaEntityIdRanges(query, "token.id", system);
    throwViolations([...sizeViolations(query, "account.id"), ...limitViolations(limit), ...sizeViolations(query, "token.id")]);
    rejectUnknownParameters(query, ACCEPTED);

    const [accountColumn, pathColumn] = byOwner ? ["spender", "owner"] : ["owner", "spender"];
    const accounts = new Bound(accountIds, "account.id", accountColumn, true);
    const tokens = new Bound(tokenIds, "token.id", "token_id");
    checkBounds(accounts, tokens);
    const sql = await mirror.sql();
    const id = await lookupJavaAccount(sql, path);

    const conditions = new SqlConditions([id]);
    conditions.add(`${pathColumn} = $1`);
    conditions.add("approved_for_all = true");
    // Upstream's bound order: the account range leads, the token range follows when given.
    const range = conditionSql(boundConditions(tokens.isEmpty() ? [accounts] : [accounts, tokens]), conditions);
    if (range) conditions.add(range);
    const direction = order === "asc" ? "ASC" : "DESC";
    const rows = await sql.query<NftAllowanceRow>(
      `SELECT approved_for_all, owner, spender, token_id, ${TIMESTAMP_RANGE_COLUMNS}
         FROM nft_allowance ${conditions.where()}
        ORDER BY ${accountColumn} ${direction}, token_id ${direction}
        LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const allowances = rows.map((row) => ({
      approved_for_all: row.approved_for_all,
      owner: formatEntityId(row.owner),
      spender: formatEntityId(row.spender),
      timestamp: timestampRange(row),
      token_id: formatEntityId(row.token_id),
    }));

    const last = rows.at(-1);
    const parse = (text: string) => parseEntityId(text, system);
    const next =
      last && rows.length === limit
        ? javaNextLink(url.pathname, query, order, [
            { key: "account.id", last: byOwner ? last.spender : last.owner, format: formatEntityId, parse },
            { key: "token.id", last: last.token_id, format: formatEntityId, parse },
          ])
        : null;
    return mirrorJson({ allowances, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

/** rest-java's NFT allowance service checks, in its order. */
function checkBounds(accounts: Bound, tokens: Bound): void {
  if (accounts.isEmpty() && !tokens.isEmpty()) throw javaBadRequest("token.id parameter must have account.id present");
  accounts.verifyRangeId();
  tokens.verifyRangeId();
  if (!accounts.hasLowerAndUpper() && tokens.adjustedLower() > tokens.adjustedUpper()) throw javaBadRequest("Invalid range provided for token.id");
  if (tokens.count("lt", "lte") > 0 && accounts.count("eq", "lte") === 0) throw javaBadRequest("Requires the presence of an lte or eq account.id parameter");
  if (tokens.count("gt", "gte") > 0 && accounts.count("eq", "gte") === 0) throw javaBadRequest("Requires the presence of an gte or eq account.id parameter");
}
