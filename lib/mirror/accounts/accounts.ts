import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { entityIdValue, isEntityIdParam } from "../entity-id-param";
import { SQL_OPERATOR, SqlConditions, filtersOf } from "../filters";
import { jsNextLink, linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { normalizePublicKey } from "../public-key";
import { RequestQuery, parseLimit, parseOrder, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { accountEntities } from "./account-entities";
import { ACCOUNT_COLUMNS, NOT_SYNTHETIC_TREASURY, balanceOf, renderAccount, tokenBalancesColumn, type AccountRow, type BalanceColumns } from "./account-info";

const PATH = "/api/v1/accounts";

const PARAMETERS = {
  "account.balance": RULES.balance,
  "account.id": isEntityIdParam,
  "account.publickey": RULES.publicKey,
  balance: RULES.booleanEq,
  limit: RULES.limit,
  order: RULES.order,
};

type AccountListRow = AccountRow & Partial<BalanceColumns>;

/** GET /api/v1/accounts: accounts and contracts with their balances, by id. */
export function createAccountsHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters, { inRequestOrder: true });
    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "asc")!;
    const includeBalance = (query.values("balance").at(-1) ?? "true").toLowerCase() === "true";
    const direction = order === "asc" ? "ASC" : "DESC";

    const conditions = new SqlConditions();
    conditions.add(NOT_SYNTHETIC_TREASURY);
    const accountFilters = filtersOf(query, "account.id").map(({ op, value }) => ({ op, id: entityIdValue(value, mirror.config.system) }));
    const equal = accountFilters.filter((filter) => filter.op === "eq").map((filter) => filter.id);
    const idConditions: string[] = [];
    for (const filter of accountFilters.filter((filter) => filter.op !== "eq")) idConditions.push(`${SQL_OPERATOR[filter.op]} ${conditions.param(filter.id)}`);
    const equalParam = equal.length > 0 ? conditions.param(equal) : undefined;
    for (const condition of idConditions) conditions.add(`e.id ${condition}`);
    if (equalParam) conditions.add(`e.id = ANY(${equalParam}::bigint[])`);
    if (includeBalance) {
      for (const filter of filtersOf(query, "account.balance")) conditions.add(`e.balance ${SQL_OPERATOR[filter.op]} ${conditions.param(BigInt(filter.value))}`);
    }
    for (const filter of filtersOf(query, "account.publickey")) conditions.add(`e.public_key = ${conditions.param(normalizePublicKey(filter.value))}`);

    const tokenLimit = mirror.config.tokenBalanceLimit.multipleAccounts;
    const balanceColumns = includeBalance ? `, e.balance, e.balance_timestamp, ${tokenBalancesColumn(direction, tokenLimit)}` : "";
    const sql = await mirror.sql();
    // The page size (a validated integer) is in the text so that the generic plan of the prepared
    // statement knows it: with LIMIT $n PostgreSQL assumes a tenth of the table.
    const rows = await sql.query<AccountListRow>(
      `SELECT ${ACCOUNT_COLUMNS}${balanceColumns}
         FROM ${accountEntities(conditions, direction, limit)} AS e LEFT JOIN entity_stake es ON es.id = e.id
        ORDER BY e.id ${direction}
        LIMIT ${limit}`,
      conditions.params,
    );
    const accounts = rows.map((row) =>
      renderAccount(
        row,
        includeBalance ? balanceOf({ balance: row.balance ?? null, balance_timestamp: row.balance_timestamp ?? null, token_balances: row.token_balances ?? null }) : null,
        { delegationAddress: mirror.config.enableDelegationAddress },
      ),
    );
    const last = rows.at(-1);
    const next =
      last && rows.length === limit
        ? jsNextLink(PATH, query, order, [{ key: "account.id", last: last.id, format: formatEntityId, parse: (text) => entityIdValue(text, mirror.config.system) ?? undefined }])
        : null;
    return mirrorJson({ accounts, links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
