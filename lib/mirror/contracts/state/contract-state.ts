import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../../cache-control";
import type { MirrorContext } from "../../context";
import { jsNextLink, linkHeader } from "../../pagination";
import { RequestQuery } from "../../query";
import { mirrorJson } from "../../response";
import { readContractRequest } from "../contract-path";
import { assertNoTimestampNotEqual, parseContractStateParams } from "./params";
import { findContractState } from "./queries";
import { renderContractState, slotNumber } from "./render";

const SLOT_BOUND = /^(0x)?[0-9A-Fa-f]{1,64}$/;

/** GET /api/v1/contracts/{contractIdOrAddress}/state: a contract's storage, now or as of a timestamp, in slot order. */
export function createContractStateHandler(mirror: MirrorContext): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const query = RequestQuery.fromUrl(url);
    const raw = (await context.params).contractIdOrAddress;
    const { sql, contractId, params } = await readContractRequest(mirror, raw, () => parseContractStateParams(query, mirror.config));
    assertNoTimestampNotEqual(params);
    const rows = await findContractState(sql, contractId, params);
    const last = rows.at(-1);
    const next =
      last && rows.length === params.limit
        ? jsNextLink(url.pathname, query, params.order, [
            {
              key: "slot",
              last: slotNumber(last.slot),
              format: (slot) => `0x${slot.toString(16).padStart(64, "0")}`,
              parse: (text) => (SLOT_BOUND.test(text) ? BigInt(`0x${text.replace(/^0x/, "")}`) : undefined),
            },
          ])
        : null;
    return mirrorJson({ state: rows.map(renderContractState), links: { next } }, CACHE_CONTROL.default, linkHeader(next));
  };
}
