import { ApiError, badRequest } from "@/lib/http/errors";

/**
 * The error entries of upstream's Java endpoints (rest-java: /network/*,
 * /topics/{id}, NFT allowances, airdrops): the HTTP reason phrase as the
 * message, the reason in `detail`, `data` always present. The JS endpoints use
 * lib/http/errors directly (`invalidParameter`, `notFound`, …).
 */
export function javaBadRequest(detail: string): ApiError {
  return badRequest("Bad Request", detail);
}

/**
 * rest-java's bad request as its later controller advice writes it, null
 * fields left out: `detail` without `data`. /network/nodes moved to rest-java
 * after that change (its spec network/nodes/multi-file-id.json expects this
 * entry), while the other /network specs were recorded before it, with `data`.
 */
export function javaBadRequestWithoutData(detail: string): ApiError {
  return new ApiError(400, [{ message: "Bad Request", detail }]);
}

export function javaNotFound(detail: string): ApiError {
  return new ApiError(404, [{ message: "Not Found", detail, data: null }]);
}
