import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { findTransactionsByIdOrHash, holdsPendingSchedule } from "./lookup";
import { parseTransactionByIdParams } from "./params";
import { renderOptions, renderTransaction } from "./render-transaction";

/** GET /api/v1/transactions/{transactionIdOrHash}: the transactions of an id or hash (lookup.ts). */
export function createTransactionByIdHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const { target, filters } = parseTransactionByIdParams(query, (await context.params).transactionIdOrHash, mirror.config);
    const records = await findTransactionsByIdOrHash(await mirror.sql(), target, filters, mirror.config.limit.default);
    if (records.length === 0) throw notFound();
    const rendering = renderOptions(mirror.config.system);
    const pendingSchedule = target.kind === "id" && filters.scheduled === undefined && holdsPendingSchedule(records, mirror.now());
    return mirrorJson(
      { transactions: records.map((record) => renderTransaction(record, rendering)) },
      pendingSchedule ? CACHE_CONTROL.pendingSchedule : CACHE_CONTROL.immutable,
    );
  };
}
