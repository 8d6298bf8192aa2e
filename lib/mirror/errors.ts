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

export function javaNotFound(detail: string): ApiError {
  return new ApiError(404, [{ message: "Not Found", detail, data: null }]);
}
