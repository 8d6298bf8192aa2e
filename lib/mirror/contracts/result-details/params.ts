import { invalidParameter } from "@/lib/http/errors";
import type { MirrorConfig } from "../../config";
import { RULES, isPositiveLong, isTimestampParam } from "../../param-rules";
import { ParameterErrors, RequestQuery, parseLimitFilter, parseOrderFilter, splitOperator, validateQuery, type Order, type ValueRule } from "../../query";
import { parseTimestamp } from "../../timestamp";
import { parseTransactionId, type TransactionId } from "../../transactions/transaction-id";
import { CONTRACT_PATH_PARAMETER, isContractIdOrAddress, parseContractPath, type ContractPath } from "../contract-path";
import { parseHbar } from "../results/params";
import type { ActionFilter } from "./queries";

/** The `{transactionIdOrHash}` of the contract result routes. */
export type ContractTransactionTarget =
  /** An ethereum transaction hash, or the first 32 bytes of a transaction hash. */
  | { kind: "hash"; hash: Uint8Array }
  | ({ kind: "id" } & TransactionId)
  /** Ours: `seconds.nanos`, the result at that consensus timestamp. */
  | { kind: "timestamp"; timestamp: bigint };

const ETH_HASH = /^(0x)?[0-9A-Fa-f]{64}$/;
/** With the dot only: a bare integer is no transaction id, and stays upstream's 400. */
const CONSENSUS_TIMESTAMP = /^\d{1,10}\.\d{1,9}$/;

/**
 * A 32-byte hash (upstream `isValidEthHash`) or a transaction id, which
 * upstream alone reads (`TransactionId.fromString`, whose message is the 400);
 * with `timestamps`, also our `seconds.nanos`.
 */
export function parseContractTransaction(raw: string, options: { timestamps: boolean }): ContractTransactionTarget {
  if (ETH_HASH.test(raw)) return { kind: "hash", hash: Uint8Array.from(Buffer.from(raw.replace(/^0x/, ""), "hex")) };
  if (options.timestamps && CONSENSUS_TIMESTAMP.test(raw)) {
    // Ten digits of seconds can pass int64; such a timestamp names no result.
    const timestamp = parseTimestamp(raw);
    if (timestamp !== undefined) return { kind: "timestamp", timestamp };
  }
  return { kind: "id", ...parseTransactionId(raw) };
}

export type ResultByTimestampParams = { contract: ContractPath; timestamp: bigint | undefined; hbar: boolean };

/**
 * /contracts/{contractIdOrAddress}/results/{timestamp}, in upstream's order:
 * `hbar` first, then both path parameters (reported together), then the
 * query. A timestamp past int64 names no result (undefined).
 */
export function parseResultByTimestampParams(query: RequestQuery, rawContract: unknown, rawTimestamp: unknown, config: MirrorConfig): ResultByTimestampParams {
  const hbar = parseHbar(query);
  const errors = new ParameterErrors();
  if (!isContractIdOrAddress(rawContract)) errors.invalidParameter(CONTRACT_PATH_PARAMETER);
  if (typeof rawTimestamp !== "string" || !isTimestampParam(rawTimestamp)) errors.invalidParameter("timestamp");
  errors.throwIfAny();
  validateQuery(query, { hbar: RULES.booleanEq }, config.maxRepeatedQueryParameters, { inRequestOrder: true });
  return { contract: parseContractPath(rawContract, config.system), timestamp: parseTimestamp(String(rawTimestamp)), hbar };
}

const BY_TRANSACTION_PARAMETERS = { hbar: RULES.booleanEq, nonce: RULES.nonce };

export type ResultByTransactionParams = { target: ContractTransactionTarget; nonce: number; hbar: boolean };

/**
 * /contracts/results/{transactionIdOrHash}: the query first, in request order
 * (upstream `validateReq`), then `hbar`, then the path. The last `nonce`
 * wins, 0 when absent; a hash ignores it.
 */
export function parseResultByTransactionParams(query: RequestQuery, raw: string, config: MirrorConfig): ResultByTransactionParams {
  validateQuery(query, BY_TRANSACTION_PARAMETERS, config.maxRepeatedQueryParameters, { inRequestOrder: true });
  const hbar = parseHbar(query);
  const nonce = query.values("nonce").at(-1);
  return { target: parseContractTransaction(raw, { timestamps: true }), nonce: nonce === undefined ? 0 : Number(nonce), hbar };
}

const ACTION_PARAMETERS: Readonly<Record<string, ValueRule>> = {
  index: ((_op, value) => isPositiveLong(value, true)) as ValueRule,
  limit: RULES.limit,
  order: RULES.order,
};

export type ActionsParams = { target: ContractTransactionTarget; filters: ActionFilter[]; order: Order; limit: number };

/**
 * /contracts/results/{transactionIdOrHash}/actions: `index` (any operator but
 * ne), `limit`, `order` (ascending by default), then the path.
 */
export function parseActionsParams(query: RequestQuery, raw: string, config: MirrorConfig): ActionsParams {
  validateQuery(query, ACTION_PARAMETERS, config.maxRepeatedQueryParameters);
  const filters: ActionFilter[] = [];
  for (const text of query.values("index")) {
    const { op, value } = splitOperator(text)!;
    if (op === "ne") throw invalidParameter("index");
    filters.push({ op, index: BigInt(value) });
  }
  return {
    target: parseContractTransaction(raw, { timestamps: false }),
    filters,
    order: parseOrderFilter(query.values("order"), "asc")!,
    limit: parseLimitFilter(query.values("limit"), config.limit)!,
  };
}
