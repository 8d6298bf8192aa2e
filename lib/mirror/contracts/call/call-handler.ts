import { ApiError } from "@/lib/http/errors";
import type { Handler } from "@/lib/http/handler";
import { log } from "@/lib/http/log";
import { jsonResponse } from "@/lib/http/response";
import type { MirrorContext } from "@/lib/mirror/context";
import { CallCaches } from "../evm/caches";
import { EvmPools } from "../evm/pool";
import { LatestBlock } from "./block-context";
import { serviceUnavailable, web3Error } from "./errors";
import { contractCallSettings, type ContractCallSettings } from "./settings";
import { parseCallRequest } from "./request";
import { processCall } from "./service";
import { createThrottle } from "./throttle";

/** Upstream registers CORS for `/api/v1/contracts/**` with any origin (`GenericControllerAdvice.corsConfigurer`). */
const CORS_ORIGIN = { "access-control-allow-origin": "*" };

/**
 * `POST /api/v1/contracts/call` (upstream web3 `ContractController.call`):
 * validate, take the throttle's tokens, run on a pooled EVM within the
 * time budget, give back the gas not used. One pool and one pair of token
 * buckets per handler, so per instance.
 */
export function createContractCallHandler(mirror: MirrorContext, settings: ContractCallSettings = contractCallSettings()): Handler {
  const pools = new EvmPools(settings.poolSize, settings.chainId);
  const throttle = createThrottle(settings);
  const caches = new CallCaches();
  const latestBlock = new LatestBlock();
  return withCors(async (request) => {
    const call = await parseCallRequest(request);
    throttle.take(call.gas);
    let gasUsed = 0n;
    try {
      const result = await processCall(call, {
        sql: await mirror.sql(),
        system: mirror.config.system,
        pools,
        caches,
        latestBlock,
        now: mirror.now(),
        deadline: performance.now() + settings.timeoutMs,
        spent: (gas) => {
          gasUsed = gas;
        },
      });
      return jsonResponse({ result });
    } catch (error) {
      throw asWeb3Error(error);
    } finally {
      // Upstream's refund: the gas a run did not use, all of it when none ran.
      throttle.restore(call.gas - gasUsed);
    }
  });
}

/** PostgreSQL's `query_canceled`: a statement past its `statement_timeout`. */
const QUERY_CANCELED = "57014";

/**
 * What escapes the service unplanned, in upstream's 5xx bodies (details
 * blanked): a cancelled statement is 503 (`QueryTimeoutException`), anything else 500.
 */
function asWeb3Error(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (typeof error === "object" && error !== null && (error as { code?: unknown }).code === QUERY_CANCELED) return serviceUnavailable();
  log.error("contract call failed", { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error) });
  return web3Error(500, "Internal Server Error");
}

/** Spring answers CORS only to a request that carries `Origin`, errors included. */
function withCors(handler: Handler): Handler {
  return async (request, context) => {
    if (!request.headers.has("origin")) return handler(request, context);
    try {
      const response = await handler(request, context);
      response.headers.set("access-control-allow-origin", "*");
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(error.status, error.messages, { ...error.headers, ...CORS_ORIGIN });
      throw error;
    }
  };
}

/** The preflight of `/api/v1/contracts/**`: Spring's default CORS configuration with any origin. */
export const contractsPreflight: Handler = async (request) =>
  new Response(null, {
    status: 200,
    headers: {
      ...CORS_ORIGIN,
      "access-control-allow-methods": "GET,HEAD,POST",
      ...(request.headers.get("access-control-request-headers") && {
        "access-control-allow-headers": request.headers.get("access-control-request-headers")!,
      }),
      "access-control-max-age": "1800",
    },
  });
