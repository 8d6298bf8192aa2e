import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, parseEntityId, type SystemShardRealm } from "../entity-id";
import { SqlConditions } from "../filters";
import { rejectUnknownParameters } from "../network/unknown-parameters";
import { javaNextLink, linkHeader, type KeysetColumn } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { lookupJavaAccount, parseJavaAccountPath } from "../rest-java/account-path";
import { Bound } from "../rest-java/bound";
import { boundConditions, conditionSql } from "../rest-java/bound-conditions";
import { javaEntityIdRanges, javaLimit, javaNumberRanges, javaOrder, limitViolations, sizeViolations, throwViolations } from "../rest-java/params";
import { formatOptionalTimestamp, formatTimestamp } from "../timestamp";

/**
 * Which side of an airdrop the path account is: the sender for outstanding
 * airdrops (filtered by receiver), the receiver for pending ones (filtered by
 * sender).
 */
type AirdropSide = { pathColumn: string; otherColumn: string; otherParameter: string; other: (row: AirdropRow) => bigint };

const OUTSTANDING: AirdropSide = {
  pathColumn: "sender_account_id",
  otherColumn: "receiver_account_id",
  otherParameter: "receiver.id",
  other: (row) => row.receiver_account_id,
};
const PENDING: AirdropSide = {
  pathColumn: "receiver_account_id",
  otherColumn: "sender_account_id",
  otherParameter: "sender.id",
  other: (row) => row.sender_account_id,
};

/** The parameters rest-java's link factory treats as keyset keys for airdrops, whichever side. */
const PAGED_KEYS = ["receiver.id", "sender.id", "serialnumber", "token.id"];

type AirdropRow = {
  amount: bigint | null;
  receiver_account_id: bigint;
  sender_account_id: bigint;
  serial_number: bigint;
  token_id: bigint;
  since: bigint;
  until: bigint | null;
};

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding (rest-java): pending airdrops the account sent. */
export function createOutstandingAirdropsHandler(mirror: MirrorContext): Handler {
  return createAirdropsHandler(mirror, OUTSTANDING);
}

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending (rest-java): pending airdrops the account received. */
export function createPendingAirdropsHandler(mirror: MirrorContext): Handler {
  return createAirdropsHandler(mirror, PENDING);
}

/**
 * Airdrops still in state PENDING, by (other account, token, serial number),
 * default ascending; a fungible airdrop's serial number is 0 and shows as null.
 */
function createAirdropsHandler(mirror: MirrorContext, side: AirdropSide): Handler {
  const accepted = new Set(["limit", "order", side.otherParameter, "serialnumber", "token.id"]);
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const { system } = mirror.config;
    const path = parseJavaAccountPath((await context.params).idOrAliasOrEvmAddress, system);
    const limit = javaLimit(query);
    const order = javaOrder(query);
    const otherIds = javaEntityIdRanges(query, side.otherParameter, system);
    const serialNumbers = javaNumberRanges(query, "serialnumber");
    const tokenIds = javaEntityIdRanges(query, "token.id", system);
    throwViolations([
      ...limitViolations(limit),
      ...sizeViolations(query, side.otherParameter),
      ...sizeViolations(query, "serialnumber"),
      ...sizeViolations(query, "token.id"),
    ]);
    rejectUnknownParameters(query, accepted);

    // Upstream names the primary bound `account.id` in its range error, whichever parameter set it.
    const others = new Bound(otherIds, "account.id", side.otherColumn, true);
    const serials = new Bound(serialNumbers, "serialnumber", "serial_number");
    const tokens = new Bound(tokenIds, "token.id", "token_id");
    const sql = await mirror.sql();
    const id = await lookupJavaAccount(sql, path);

    const conditions = new SqlConditions([id]);
    conditions.add(`${side.pathColumn} = $1`);
    const range = conditionSql(boundConditions(keysetBounds(others, tokens, serials)), conditions);
    if (range) conditions.add(range);
    conditions.add("state = 'PENDING'");
    const direction = order === "asc" ? "ASC" : "DESC";
    const rows = await sql.query<AirdropRow>(
      `SELECT amount, receiver_account_id, sender_account_id, serial_number, token_id,
              lower(timestamp_range) AS since, upper(timestamp_range) AS until
         FROM token_airdrop ${conditions.where()}
        ORDER BY ${side.otherColumn} ${direction}, token_id ${direction}, serial_number ${direction}
        LIMIT ${conditions.param(limit)}`,
      conditions.params,
    );
    const airdrops = rows.map((row) => ({
      amount: row.amount,
      receiver_id: formatEntityId(row.receiver_account_id),
      sender_id: formatEntityId(row.sender_account_id),
      serial_number: row.serial_number === 0n ? null : row.serial_number,
      timestamp: { from: formatTimestamp(row.since), to: formatOptionalTimestamp(row.until) },
      token_id: formatEntityId(row.token_id),
    }));

    const last = rows.at(-1);
    const next = last && rows.length === limit ? javaNextLink(url.pathname, query, order, nextColumns(side, last, system), PAGED_KEYS) : null;
    return mirrorJson({ airdrops, links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

/**
 * The bounds in upstream's order (`TokenAirdropRequest.getBounds`): the other
 * account's range leads, else the token's; then the token's, else the
 * serial's; then the serial's. A bound may appear twice, as upstream's does.
 */
function keysetBounds(others: Bound, tokens: Bound, serials: Bound): Bound[] {
  const primary = others.isEmpty() ? tokens : others;
  if (primary.isEmpty()) return [serials];
  const secondary = tokens.isEmpty() ? serials : tokens;
  return secondary.isEmpty() ? [primary] : [primary, secondary, serials];
}

/** The next page continues after the last airdrop's (account, token[, serial]); a fungible one has no serial. */
function nextColumns(side: AirdropSide, last: AirdropRow, system: SystemShardRealm): KeysetColumn[] {
  const parse = (text: string) => parseEntityId(text, system);
  const columns: KeysetColumn[] = [
    { key: side.otherParameter, last: side.other(last), format: formatEntityId, parse },
    { key: "token.id", last: last.token_id, format: formatEntityId, parse },
  ];
  if (last.serial_number !== 0n) {
    columns.push({ key: "serialnumber", last: last.serial_number, format: String, parse: (text) => (/^\d{1,19}$/.test(text) ? BigInt(text) : undefined) });
  }
  return columns;
}
