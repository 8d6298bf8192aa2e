import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { balanceSnapshotWithin, type SnapshotBounds } from "../balances/snapshot";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { systemEntityId } from "../entity-id";
import { linkHeader } from "../pagination";
import { mirrorJson } from "../response";
import { TREASURY_ACCOUNT_NUM } from "../system-entities";
import { MAX_INT64 } from "../timestamp";
import { renderOptions, renderTransaction } from "../transactions/render-transaction";
import { loadTransactionPage, transactionsNextLink } from "../transactions/scan-window";
import type { TimestampRange } from "../transactions/timestamp-range";
import { ACCOUNT_BY_ID } from "./params";
import { readAccountRequest } from "./path-account";
import { accountAt, currentAccount } from "./queries";
import { balanceOf, renderAccount } from "./render";

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
    const { url, query, sql, accountId, params } = await readAccountRequest(mirror, request, context, ACCOUNT_BY_ID);
    const { timestamps, limit, order } = params;
    const tokenLimit = mirror.config.tokenBalanceLimit.singleAccount;
    const snapshot = params.historical
      ? await balanceSnapshotWithin(sql, snapshotBounds(timestamps), systemEntityId(mirror.config.system, TREASURY_ACCOUNT_NUM), mirror.now())
      : undefined;
    const account = params.historical ? await accountAt(sql, accountId, timestamps, snapshot, tokenLimit) : await currentAccount(sql, accountId, tokenLimit);
    if (!account) throw notFound();

    const page = params.includeTransactions
      ? await loadTransactionPage(sql, { accounts: [{ op: "eq", id: accountId }], timestamps, types: params.types, order, limit }, mirror.config.transactionScanBudget)
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
