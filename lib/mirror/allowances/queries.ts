import type { SqlClient } from "@/lib/db";
import { SQL_OPERATOR, SqlConditions, sqlLimit } from "../filters";
import type { Order } from "../query";
import { addIdConditions } from "../accounts/queries";
import { boundConditions, conditionSql } from "../rest-java/bound-conditions";
import type { CryptoAllowanceParams, NftAllowanceParams, TokenAllowanceParams } from "./params";
import { rangeParts, type PartFilter } from "./two-column-bounds";

/** Every SQL text of the allowance endpoints, and the two-column keyset statement the account NFTs share. */

/** Select list piece for a row's validity range, read as `since` / `until`. */
export const TIMESTAMP_RANGE_COLUMNS = "lower(timestamp_range) AS since, upper(timestamp_range) AS until";

export type TimestampRangeRow = { since: bigint; until: bigint | null };

/** The columns crypto_allowance and token_allowance have in common. */
const ALLOWANCE_COLUMNS = `amount, amount_granted, owner, spender, ${TIMESTAMP_RANGE_COLUMNS}`;

export type AllowanceRow = TimestampRangeRow & { amount: bigint; amount_granted: bigint; owner: bigint; spender: bigint };
export type TokenAllowanceRow = AllowanceRow & { token_id: bigint };
export type NftAllowanceRow = TimestampRangeRow & { approved_for_all: boolean; owner: bigint; spender: bigint; token_id: bigint };

/**
 * The statement for a two-column keyset's parts (two-column-bounds.ts), as
 * upstream runs it: one ordered, limited select per part (a single one when
 * no part filters), joined by UNION ALL and ordered and limited again.
 * `base` holds the conditions every part shares (none for an unfiltered
 * list); its parameters are the statement's.
 */
export function rangePartsQuery(select: string, base: SqlConditions, parts: readonly PartFilter[][], orderColumns: readonly string[], order: Order, limit: number): string {
  const orderBy = `ORDER BY ${orderColumns.map((column) => `${column} ${order === "asc" ? "ASC" : "DESC"}`).join(", ")}`;
  const limitClause = `LIMIT ${sqlLimit(limit)}`;
  const statements = (parts.length === 0 ? [[]] : parts).map((part) => {
    const conditions = [...base.conditions, ...part.map((filter) => `${filter.column} ${SQL_OPERATOR[filter.op]} ${base.param(filter.value)}`)];
    return `${select} ${conditions.length > 0 ? `WHERE ${conditions.join(" AND ")} ` : ""}${orderBy} ${limitClause}`;
  });
  return statements.length === 1 ? statements[0]! : `${statements.map((statement) => `(${statement})`).join(" UNION ALL ")} ${orderBy} ${limitClause}`;
}

/** A page of the hbar allowances an owner granted that are not used up, by spender. */
export function cryptoAllowancesPage(sql: SqlClient, owner: bigint, params: CryptoAllowanceParams): Promise<AllowanceRow[]> {
  const conditions = new SqlConditions([owner]);
  conditions.add("owner = $1 AND amount > 0");
  addIdConditions(conditions, "spender", params.spenders);
  return sql.query<AllowanceRow>(
    `SELECT ${ALLOWANCE_COLUMNS}
       FROM crypto_allowance ${conditions.where()}
      ORDER BY spender ${params.order === "asc" ? "ASC" : "DESC"}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}

/** A page of the fungible token allowances an owner granted that are not used up, by (spender, token). */
export function tokenAllowancesPage(sql: SqlClient, owner: bigint, params: TokenAllowanceParams): Promise<TokenAllowanceRow[]> {
  const base = new SqlConditions([owner]);
  base.add("owner = $1");
  base.add("amount > 0");
  const parts = rangeParts(params.spender, params.token);
  const statement = rangePartsQuery(`SELECT ${ALLOWANCE_COLUMNS}, token_id FROM token_allowance`, base, parts, ["spender", "token_id"], params.order, params.limit);
  return sql.query<TokenAllowanceRow>(statement, base.params);
}

/** A page of the approved-for-all NFT allowances of the path account, by (the other account, token). */
export function nftAllowancesPage(sql: SqlClient, accountId: bigint, params: NftAllowanceParams): Promise<NftAllowanceRow[]> {
  const conditions = new SqlConditions([accountId]);
  conditions.add(`${params.pathColumn} = $1`);
  conditions.add("approved_for_all = true");
  // Upstream's bound order: the account range leads, the token range follows when given.
  const range = conditionSql(boundConditions(params.tokens.isEmpty() ? [params.accounts] : [params.accounts, params.tokens]), conditions);
  if (range) conditions.add(range);
  const direction = params.order === "asc" ? "ASC" : "DESC";
  return sql.query<NftAllowanceRow>(
    `SELECT approved_for_all, owner, spender, token_id, ${TIMESTAMP_RANGE_COLUMNS}
       FROM nft_allowance ${conditions.where()}
      ORDER BY ${params.accountColumn} ${direction}, token_id ${direction}
      LIMIT ${sqlLimit(params.limit)}`,
    conditions.params,
  );
}
