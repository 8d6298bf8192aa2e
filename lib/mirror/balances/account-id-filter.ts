import type { SqlClient } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { decodeBase32 } from "../base32";
import { longZeroEntityId, parseEvmAddress, type SystemShardRealm } from "../entity-id";
import { filterEntityId } from "../entity-id-param";
import { filtersOf } from "../filters";
import type { RequestQuery } from "../query";
import type { IdFilter } from "../accounts/params";
import { idByAlias, idByEvmAddress } from "../accounts/queries";

const PLAIN_ID = /^((\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})$/;
const BARE_EVM_ADDRESS = /^(0x)?[0-9A-Fa-f]{40}$/;
const BARE_ALIAS = /^[A-Z2-7]+$/;

function invalid(detail?: string): ApiError {
  const message = "Invalid parameter: account.id";
  return new ApiError(400, [detail === undefined ? { message } : { message, detail }]);
}

/**
 * `account.id` of /balances (upstream `balances.parseAccountIdQueryParam`):
 * plain ids with any operator, or one EVM address or alias, equality only,
 * looked up in `entity` (an unknown one matches nothing).
 */
export async function balanceAccountIdFilters(query: RequestQuery, sql: SqlClient, system: SystemShardRealm): Promise<IdFilter[]> {
  const filters: IdFilter[] = [];
  let namedByAddress = 0;
  for (const { op, value } of filtersOf(query, "account.id")) {
    let id: bigint | null;
    if (PLAIN_ID.test(value)) {
      id = filterEntityId(value, system);
    } else if (BARE_EVM_ADDRESS.test(value) && ++namedByAddress === 1) {
      const address = parseEvmAddress(value, system)!;
      id = longZeroEntityId(address) ?? (await idByEvmAddress(sql, address.address));
    } else if (BARE_ALIAS.test(value) && decodeBase32(value) && ++namedByAddress === 1) {
      id = await idByAlias(sql, decodeBase32(value)!);
    } else {
      throw namedByAddress > 1 ? invalid("Only one EVM address or alias is allowed.") : invalid();
    }
    if (namedByAddress > 0 && op !== "eq") throw invalid("EVM address or alias only supports equals operator");
    filters.push({ op, id });
  }
  return filters;
}
