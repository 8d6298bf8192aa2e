import { ParameterErrors, type RequestQuery } from "../query";

/**
 * rest-java ignores query parameters it does not know; upstream's JS API, and
 * the removed network specs (`stake/invalid-params.json`), reject them. We
 * reject them too (a typo should not silently widen a query), but only once the
 * known parameters have passed, so that a bad known parameter is reported the
 * way rest-java reports it. Call this after parsing the known parameters.
 */
export function rejectUnknownParameters(query: RequestQuery, accepted: ReadonlySet<string>): void {
  const errors = new ParameterErrors();
  for (const key of query.keys()) if (!accepted.has(key)) errors.unknownParameter(key);
  errors.throwIfAny();
}
