import type { Handler } from "@/lib/http/handler";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { formatEntityId, systemEntityId } from "../entity-id";
import { javaBadRequest, javaNotFound } from "../errors";
import { RequestQuery, parseOrder, type Order } from "../query";
import { mirrorJson } from "../response";
import { NANOS_PER_SECOND, formatTimestamp } from "../timestamp";
import { EXCHANGE_RATE_FILE_NUM, decodeExchangeRateSet, type ExchangeRate, type ExchangeRateSet } from "./exchange-rate-file";
import { FEE_SCHEDULE_FILE_NUM, decodeFeeSchedules, type FeeSchedules, type GasSchedule } from "./fee-schedule-file";
import { readSystemFile } from "./system-file";
import { parseTimestampRange } from "./timestamp-range";
import { rejectUnknownParameters } from "./unknown-parameters";

const ACCEPTED = new Set(["timestamp", "order"]);
/** Schedules state gas prices in thousandths of a tinycent. */
const FEE_DIVISOR = 1000n;

export type NetworkFee = { gas: bigint; transaction_type: string };

/** GET /api/v1/network/fees: the gas price in tinybars of the contract transaction types, as of `timestamp`. */
export function createFeesHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const range = parseTimestampRange(query.values("timestamp"));
    const order = parseOrder(query.values("order"), "asc");
    if (!order) throw javaBadRequest("Failed to convert 'order'");
    rejectUnknownParameters(query, ACCEPTED);

    const sql = await mirror.sql();
    const feeFileId = systemEntityId(mirror.config.system, FEE_SCHEDULE_FILE_NUM);
    const feeFile = await readSystemFile(sql, feeFileId, range, decodeFeeSchedules);
    if (!feeFile) throw javaNotFound(`File ${formatEntityId(feeFileId)} not found`);
    const rateFileId = systemEntityId(mirror.config.system, EXCHANGE_RATE_FILE_NUM);
    const rateFile = await readSystemFile(sql, rateFileId, range, decodeExchangeRateSet);
    if (!rateFile) throw javaNotFound(`File ${formatEntityId(rateFileId)} not found`);

    // Upstream compares the expiries with the upper bound asked for, else with the fee file's own time.
    const reference = range.hasUpper ? range.upper : feeFile.timestamp;
    return mirrorJson(
      { fees: networkFees(effectiveSchedule(feeFile.value, reference), effectiveRate(rateFile.value, reference), order), timestamp: formatTimestamp(feeFile.timestamp) },
      CACHE_CONTROL.network,
    );
  };
}

/**
 * The schedule in force at `reference`: the next one once the current has
 * expired. A file whose next schedule prices none of our types (none published
 * yet) keeps the current one, which is what the removed network specs expect.
 */
export function effectiveSchedule(schedules: FeeSchedules, reference: bigint): GasSchedule {
  const expired = reference > schedules.current.expirySeconds * NANOS_PER_SECOND;
  return expired && schedules.next.gasPrices.length > 0 ? schedules.next : schedules.current;
}

export function effectiveRate(rates: ExchangeRateSet, reference: bigint): ExchangeRate {
  return reference > rates.current.expirationSeconds * NANOS_PER_SECOND ? rates.next : rates.current;
}

/** Tinybars per gas: max(1, ⌊⌊gas / 1000⌋ × hbar / cent⌋), as upstream's integer arithmetic gives it; sorted by type name. */
export function networkFees(schedule: GasSchedule, rate: ExchangeRate, order: Order): NetworkFee[] {
  if (rate.centEquivalent === 0) return [];
  const fees = schedule.gasPrices.map(({ transactionType, gas }) => {
    const tinybars = ((gas / FEE_DIVISOR) * BigInt(rate.hbarEquivalent)) / BigInt(rate.centEquivalent);
    return { gas: tinybars > 1n ? tinybars : 1n, transaction_type: transactionType };
  });
  const direction = order === "asc" ? 1 : -1;
  return fees.sort((a, b) => {
    const [left, right] = [a.transaction_type.toLowerCase(), b.transaction_type.toLowerCase()];
    return left === right ? 0 : left < right ? -direction : direction;
  });
}
