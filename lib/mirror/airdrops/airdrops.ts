import type { Handler } from "@/lib/http/handler";
import { readAccountRequest } from "../accounts/path-account";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, parseEntityId, type SystemShardRealm } from "../entity-id";
import { javaNextLink, linkHeader, type KeysetColumn } from "../pagination";
import { mirrorJson } from "../response";
import { OUTSTANDING, PAGED_KEYS, PENDING, airdropsEndpoint, type AirdropSide } from "./params";
import { airdropsPage, type AirdropRow } from "./queries";
import { renderAirdrop } from "./render";

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding (rest-java): pending airdrops the account sent. */
export function createOutstandingAirdropsHandler(mirror: MirrorContext): Handler {
  return createAirdropsHandler(mirror, OUTSTANDING);
}

/** GET /api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending (rest-java): pending airdrops the account received. */
export function createPendingAirdropsHandler(mirror: MirrorContext): Handler {
  return createAirdropsHandler(mirror, PENDING);
}

/** Airdrops still in state PENDING, by (other account, token, serial number), default ascending. */
function createAirdropsHandler(mirror: MirrorContext, side: AirdropSide): Handler {
  const endpoint = airdropsEndpoint(side);
  return async (request, context) => {
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, endpoint);
    const rows = await airdropsPage(sql, accountId, side, params);
    const last = rows.at(-1);
    const next = last && rows.length === params.limit ? javaNextLink(url.pathname, query, params.order, nextColumns(side, last, mirror.config.system), PAGED_KEYS) : null;
    return mirrorJson({ airdrops: rows.map(renderAirdrop), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}

/** The next page continues after the last airdrop's (account, token[, serial]); a fungible one has no serial. */
function nextColumns(side: AirdropSide, last: AirdropRow, system: SystemShardRealm): KeysetColumn[] {
  const parse = (text: string) => parseEntityId(text, system);
  const columns: KeysetColumn[] = [
    { key: side.otherParameter, last: last[side.otherField], format: formatEntityId, parse },
    { key: "token.id", last: last.token_id, format: formatEntityId, parse },
  ];
  if (last.serial_number !== 0n) {
    columns.push({ key: "serialnumber", last: last.serial_number, format: String, parse: (text) => (/^\d{1,19}$/.test(text) ? BigInt(text) : undefined) });
  }
  return columns;
}
