import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { balanceSnapshotWithin, type SnapshotBounds } from "../balances/snapshot";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { systemEntityId } from "../entity-id";
import { filtersOf } from "../filters";
import { linkHeader } from "../pagination";
import { RULES } from "../param-rules";
import { RequestQuery, parseLimit, parseOrder, splitOperator, validateQuery } from "../query";
import { mirrorJson } from "../response";
import { MAX_INT64 } from "../timestamp";
import { transactionTypeId } from "../transaction-types";
import { renderOptions, renderTransaction } from "../transactions/render-transaction";
import { loadTransactionPage, transactionsNextLink } from "../transactions/scan-window";
import { timestampRange, type TimestampRange } from "../transactions/timestamp-range";
import { balanceOf, renderAccount } from "./account-info";
import { accountAt, currentAccount } from "./account-state";
import { resolveAccountPath } from "./path-account";

const TREASURY_NUM = 2n;

const PARAMETERS = {
  limit: RULES.limit,
  order: RULES.order,
  timestamp: RULES.timestamp,
  transactiontype: RULES.transactionType,
  transactions: RULES.booleanEq,
};

/**
 * GET /api/v1/accounts/{idOrAliasOrEvmAddress}: an account with its balances
 * and a page of its transactions (as /transactions?account.id= lists them).
 * With `timestamp`, the account as it was then: its version and stake within
 * the range, its balances from the newest balance snapshot in the range, and
 * the transactions within the range (by type, within a bounded window of the
 * account's transactions: scan-window.ts).
 */
export function createAccountByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    validateQuery(query, PARAMETERS, mirror.config.maxRepeatedQueryParameters);
    const sql = await mirror.sql();
    const accountId = await resolveAccountPath((await context.params).idOrAliasOrEvmAddress, sql, mirror.config.system);
    const timestamps = timestampRange(query);
    if (timestamps.empty) throw notFound("Timestamp range is empty");

    const tokenLimit = mirror.config.tokenBalanceLimit.singleAccount;
    const historical = query.has("timestamp");
    const snapshot = historical
      ? await balanceSnapshotWithin(sql, snapshotBounds(timestamps), systemEntityId(mirror.config.system, TREASURY_NUM), mirror.now())
      : undefined;
    const account = historical ? await accountAt(sql, accountId, timestamps, snapshot, tokenLimit) : await currentAccount(sql, accountId, tokenLimit);
    if (!account) throw notFound();

    const limit = parseLimit(query.values("limit"), mirror.config.limit)!;
    const order = parseOrder(query.values("order"), "desc")!;
    const includeTransactions = (splitOperator(query.values("transactions").at(-1) ?? "true")?.value ?? "true").toLowerCase() === "true";
    const page = includeTransactions
      ? await loadTransactionPage(
          sql,
          {
            accounts: [{ op: "eq", id: accountId }],
            timestamps,
            types: filtersOf(query, "transactiontype").map((filter) => transactionTypeId(filter.value)!),
            order,
            limit,
          },
          mirror.config.transactionScanBudget,
        )
      : { records: [] };
    const rendering = renderOptions(mirror.config.system);
    const next = transactionsNextLink(url.pathname, query, order, limit, page);
    return mirrorJson(
      {
        ...renderAccount(account, balanceOf(account), { delegationAddress: mirror.config.enableDelegationAddress }),
        transactions: page.records.map((record) => renderTransaction(record, rendering)),
        links: { next },
      },
      CACHE_CONTROL.accountById,
      linkHeader(next),
    );
  };
}

/** Where the balance snapshot may lie: within the range, an `eq` value read as an upper bound (upstream). */
function snapshotBounds(range: TimestampRange): SnapshotBounds {
  const upper = [range.upper ?? MAX_INT64, ...range.equal].reduce((min, value) => (value < min ? value : min));
  return { lower: range.lower ?? 0n, upper, excluded: range.excluded };
}
