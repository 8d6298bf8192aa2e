import type { SqlClient } from "@/lib/db";

/**
 * The rows the HTS system contract reads beyond a token's own (which come
 * from `lib/mirror/tokens/queries.ts`), each latest or as of a consensus
 * timestamp: the version of the current row or its `_history` twin in force
 * then, as upstream's `findByIdAndTimestamp` repositories read them.
 */
type Versioned = { readonly latest: string; readonly at: string };

/** `match` uses $1..$n; the timestamp is $n+1. */
function versioned(table: string, columns: string, match: string, timestampParam: number): Versioned {
  const select = `SELECT ${columns}, lower(timestamp_range) AS since`;
  return {
    latest: `SELECT ${columns} FROM ${table} WHERE ${match}`,
    at: `SELECT ${columns} FROM (
       (${select} FROM ${table} WHERE ${match} AND lower(timestamp_range) <= $${timestampParam})
       UNION ALL
       (${select} FROM ${table}_history WHERE ${match} AND lower(timestamp_range) <= $${timestampParam}
         ORDER BY lower(timestamp_range) DESC LIMIT 1)
     ) versions ORDER BY since DESC LIMIT 1`,
  };
}

async function versionOf<Row>(sql: SqlClient, statements: Versioned, params: unknown[], asOf: bigint | undefined): Promise<Row | undefined> {
  const [row] = asOf === undefined ? await sql.query<Row>(statements.latest, params) : await sql.query<Row>(statements.at, [...params, asOf]);
  return row;
}

/** An account's relation to a token; `freeze_status` 1 is frozen, `kyc_status` 1 granted (upstream's enums). */
export type TokenRelationRow = { balance: bigint; freeze_status: number | null; kyc_status: number | null; associated: boolean };
const TOKEN_RELATION = versioned("token_account", "balance, freeze_status, kyc_status, associated", "account_id = $1 AND token_id = $2", 3);

export const findTokenRelation = (sql: SqlClient, accountId: bigint, tokenId: bigint, asOf: bigint | undefined) =>
  versionOf<TokenRelationRow>(sql, TOKEN_RELATION, [accountId, tokenId], asOf);

/**
 * A fungible balance at a past time (upstream `TokenBalanceRepository`): the
 * last balance snapshot by then plus the transfers after it.
 */
const FUNGIBLE_BALANCE_AT = `
  WITH snapshot AS (
    SELECT balance, consensus_timestamp FROM token_balance
     WHERE token_id = $2 AND account_id = $1 AND consensus_timestamp <= $3
     ORDER BY consensus_timestamp DESC LIMIT 1)
  SELECT (coalesce((SELECT balance FROM snapshot), 0) + coalesce((
    SELECT sum(amount) FROM token_transfer
     WHERE account_id = $1 AND token_id = $2
       AND consensus_timestamp > coalesce((SELECT consensus_timestamp FROM snapshot), -1) AND consensus_timestamp <= $3), 0))::bigint AS balance`;

export async function findFungibleBalanceAt(sql: SqlClient, accountId: bigint, tokenId: bigint, asOf: bigint): Promise<bigint> {
  const [row] = await sql.query<{ balance: bigint }>(FUNGIBLE_BALANCE_AT, [accountId, tokenId, asOf]);
  return row?.balance ?? 0n;
}

/** The NFTs of a collection an account owned at a past time: each serial's version in force then. */
const NFTS_OWNED_AT = `
  SELECT count(*)::bigint AS balance FROM (
    SELECT DISTINCT ON (serial_number) account_id, deleted FROM (
      SELECT serial_number, account_id, deleted, lower(timestamp_range) AS since FROM nft WHERE token_id = $2 AND lower(timestamp_range) <= $3
      UNION ALL
      SELECT serial_number, account_id, deleted, lower(timestamp_range) AS since FROM nft_history WHERE token_id = $2 AND lower(timestamp_range) <= $3
    ) versions ORDER BY serial_number, since DESC
  ) owners WHERE account_id = $1 AND deleted IS NOT TRUE`;

export async function countNftsOwnedAt(sql: SqlClient, accountId: bigint, tokenId: bigint, asOf: bigint): Promise<bigint> {
  const [row] = await sql.query<{ balance: bigint }>(NFTS_OWNED_AT, [accountId, tokenId, asOf]);
  return row?.balance ?? 0n;
}

export type NftRow = { account_id: bigint | null; spender: bigint | null; metadata: Uint8Array | null; deleted: boolean | null; created_timestamp: bigint | null };
const NFT = versioned("nft", "account_id, spender, metadata, deleted, created_timestamp", "token_id = $1 AND serial_number = $2", 3);

export const findNft = (sql: SqlClient, tokenId: bigint, serial: bigint, asOf: bigint | undefined) => versionOf<NftRow>(sql, NFT, [tokenId, serial], asOf);

const TOKEN_ALLOWANCE = versioned("token_allowance", "amount", "owner = $1 AND spender = $2 AND token_id = $3", 4);

export async function findTokenAllowance(sql: SqlClient, owner: bigint, spender: bigint, tokenId: bigint, asOf: bigint | undefined): Promise<bigint> {
  return (await versionOf<{ amount: bigint }>(sql, TOKEN_ALLOWANCE, [owner, spender, tokenId], asOf))?.amount ?? 0n;
}

const NFT_ALLOWANCE = versioned("nft_allowance", "approved_for_all", "owner = $1 AND spender = $2 AND token_id = $3", 4);

export async function findApprovedForAll(sql: SqlClient, owner: bigint, spender: bigint, tokenId: bigint, asOf: bigint | undefined): Promise<boolean> {
  return (await versionOf<{ approved_for_all: boolean }>(sql, NFT_ALLOWANCE, [owner, spender, tokenId], asOf))?.approved_for_all ?? false;
}
