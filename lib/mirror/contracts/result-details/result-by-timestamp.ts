import { notFound } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import type { MirrorContext } from "../../context";
import { RequestQuery } from "../../query";
import { contractIdOf } from "../contract-path";
import { resultDetailsResponse } from "./details-response";
import { findResultDetails } from "./lookup";
import { parseResultByTimestampParams } from "./params";

/**
 * GET /api/v1/contracts/{contractIdOrAddress}/results/{timestamp}: the result
 * of the contract transaction at that timestamp which involved the contract.
 */
export function createResultByTimestampHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const path = await context.params;
    const params = parseResultByTimestampParams(RequestQuery.fromUrl(new URL(request.url)), path.contractIdOrAddress, path.timestamp, mirror.config);
    const sql = await mirror.sql();
    const contractId = await contractIdOf(sql, params.contract);
    const details = params.timestamp === undefined ? undefined : await findResultDetails(sql, { consensus_timestamp: params.timestamp, entity_id: contractId }, contractId);
    if (!details) throw notFound();
    return resultDetailsResponse(details, params.hbar, mirror);
  };
}
