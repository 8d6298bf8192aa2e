import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId } from "../entity-id";
import { filterEntityIdOrUndefined } from "../entity-id-param";
import { jsNextLink, linkHeader } from "../pagination";
import { RequestQuery } from "../query";
import { mirrorJson } from "../response";
import { contractIdOf } from "./contract-path";
import { parseContractsParams } from "./params";
import { findContracts } from "./queries";
import { renderContract } from "./render";

const PATH = "/api/v1/contracts";

/** GET /api/v1/contracts: contracts by id or EVM address, in id order. */
export function createContractsHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const params = parseContractsParams(query, mirror.config);
    const sql = await mirror.sql();
    const contractIds = [];
    for (const { op, path } of params.contractIds) contractIds.push({ op, id: await contractIdOf(sql, path) });
    const rows = await findContracts(sql, { ...params, contractIds });
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(PATH, query, params.order, [
            { key: "contract.id", last: last.id, format: formatEntityId, parse: (text) => filterEntityIdOrUndefined(text, mirror.config.system) },
          ])
        : null;
    return mirrorJson({ contracts: rows.map(renderContract), links: { next } }, CACHE_CONTROL.slowLists, linkHeader(next));
  };
}
