import type { CurrencyFormat } from "../config";
import { formatEntityId } from "../entity-id";
import { formatKey } from "../keys";
import type { Order } from "../query";
import { NANOS_PER_DAY, NANOS_PER_SECOND, formatOptionalTimestamp, formatTimestamp } from "../timestamp";
import type { ExchangeRate, ExchangeRateSet } from "./exchange-rate-file";
import type { FeeSchedules, GasSchedule } from "./fee-schedule-file";
import type { RegisteredNodeType, SupplyFigure, TimestampRange } from "./params";
import type { NetworkStakeRow, NodeRow, RegisteredNodeRow, ServiceEndpoint, StoredEndpoint, Supply } from "./queries";
import type { SystemFile } from "./system-file";

/** The wire shape of one rate. */
function renderRate(rate: ExchangeRate): { cent_equivalent: number; expiration_time: bigint; hbar_equivalent: number } {
  return { cent_equivalent: rate.centEquivalent, expiration_time: rate.expirationSeconds, hbar_equivalent: rate.hbarEquivalent };
}

/** /network/exchangerate: the rates of file 0.0.112. */
export function renderExchangeRate(file: SystemFile<ExchangeRateSet>) {
  return { current_rate: renderRate(file.value.current), next_rate: renderRate(file.value.next), timestamp: formatTimestamp(file.timestamp) };
}

/** Schedules state gas prices in thousandths of a tinycent. */
const FEE_DIVISOR = 1000n;

type NetworkFee = { gas: bigint; transaction_type: string };

/** /network/fees: upstream compares the expiries with the upper bound asked for, else with the fee file's own time. */
export function renderFees(feeFile: SystemFile<FeeSchedules>, rateFile: SystemFile<ExchangeRateSet>, range: TimestampRange, order: Order) {
  const reference = range.hasUpper ? range.upper : feeFile.timestamp;
  return { fees: networkFees(effectiveSchedule(feeFile.value, reference), effectiveRate(rateFile.value, reference), order), timestamp: formatTimestamp(feeFile.timestamp) };
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

/** Upstream stores -1 for stake figures an old record did not carry; they are shown as unknown. */
function known(value: bigint | null): bigint | null {
  return value === null || value === -1n ? null : value;
}

export function renderNode(row: NodeRow, endpoints: ServiceEndpoint[]) {
  return {
    admin_key: formatKey(row.admin_key),
    associated_registered_nodes: (row.associated_registered_nodes ?? []).map((id) => BigInt(id)),
    decline_reward: row.decline_reward,
    description: row.description,
    file_id: formatEntityId(row.file_id),
    grpc_proxy_endpoint: row.grpc_proxy_endpoint
      ? { domain_name: row.grpc_proxy_endpoint.domain_name, ip_address_v4: row.grpc_proxy_endpoint.ip_address_v4, port: row.grpc_proxy_endpoint.port }
      : null,
    max_stake: known(row.max_stake),
    memo: row.memo,
    min_stake: known(row.min_stake),
    node_account_id: formatEntityId(row.account_id ?? row.node_account_id),
    // The address book holds the certificate hash as the UTF-8 bytes of its hex.
    node_cert_hash: `0x${row.node_cert_hash ? Buffer.from(row.node_cert_hash).toString("utf8") : ""}`,
    node_id: row.node_id,
    public_key: `0x${row.public_key ?? ""}`,
    reward_rate_start: row.reward_rate,
    service_endpoints: endpoints,
    stake: row.stake,
    stake_not_rewarded: known(row.stake_not_rewarded),
    stake_rewarded: row.stake_rewarded,
    staking_period: row.staking_period === null ? null : stakingPeriod(row.staking_period),
    timestamp: { from: formatTimestamp(row.start_consensus_timestamp), to: formatOptionalTimestamp(row.end_consensus_timestamp) },
  };
}

export function renderRegisteredNode(row: RegisteredNodeRow) {
  return {
    admin_key: formatKey(row.admin_key),
    created_timestamp: formatOptionalTimestamp(row.created_timestamp),
    description: row.description,
    registered_node_id: row.registered_node_id,
    service_endpoints: (row.service_endpoints ?? []).map(renderEndpoint),
    timestamp: { from: formatTimestamp(row.timestamp_from), to: formatOptionalTimestamp(row.timestamp_to) },
  };
}

/** Upstream leaves a block node's API list out of the response (it is changing shape); the kind shows as `{}`. */
function renderEndpoint(endpoint: StoredEndpoint) {
  return {
    block_node: endpoint.block_node != null ? {} : null,
    domain_name: endpoint.domain_name ?? null,
    general_service: endpoint.general_service != null ? { description: endpoint.general_service.description ?? null } : null,
    ip_address: endpoint.ip_address ?? null,
    mirror_node: endpoint.mirror_node != null ? {} : null,
    port: endpoint.port ?? 0,
    requires_tls: endpoint.requires_tls ?? false,
    rpc_relay: endpoint.rpc_relay != null ? {} : null,
    type: endpointType(endpoint),
  };
}

export function endpointType(endpoint: StoredEndpoint): RegisteredNodeType {
  if (endpoint.block_node != null) return "BLOCK_NODE";
  if (endpoint.mirror_node != null) return "MIRROR_NODE";
  if (endpoint.rpc_relay != null) return "RPC_RELAY";
  return "GENERAL_SERVICE";
}

/** /network/stake. */
export function renderStake(row: NetworkStakeRow) {
  return {
    max_stake_rewarded: row.max_stake_rewarded,
    max_staking_reward_rate_per_hbar: row.max_staking_reward_rate_per_hbar,
    max_total_reward: row.max_total_reward,
    node_reward_fee_fraction: fraction(row.node_reward_fee_numerator, row.node_reward_fee_denominator),
    reserved_staking_rewards: row.reserved_staking_rewards,
    reward_balance_threshold: row.reward_balance_threshold,
    stake_total: row.stake_total,
    staking_period: stakingPeriod(row.staking_period),
    staking_period_duration: row.staking_period_duration,
    staking_periods_stored: row.staking_periods_stored,
    staking_reward_fee_fraction: fraction(row.staking_reward_fee_numerator, row.staking_reward_fee_denominator),
    staking_reward_rate: row.staking_reward_rate,
    staking_start_threshold: row.staking_start_threshold,
    unreserved_staking_reward_balance: row.unreserved_staking_reward_balance,
  };
}

/**
 * Upstream computes the fraction as a Java `float` and prints its shortest
 * decimal form (3/1000 → 0.003, 1/3 → 0.33333334); 0 when there is no denominator.
 */
export function fraction(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  const single = Math.fround(Number(numerator) / Number(denominator));
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(single.toPrecision(digits));
    if (Math.fround(shortest) === single) return shortest;
  }
  return single;
}

/** A staking period stored as its last nanosecond, rendered as the day it covers: `{from, to}`. */
export function stakingPeriod(lastNanosecond: bigint): { from: string; to: string } {
  const from = lastNanosecond + 1n;
  return { from: formatTimestamp(from), to: formatTimestamp(from + NANOS_PER_DAY) };
}

export const TOTAL_SUPPLY_TINYBARS = 5_000_000_000_000_000_000n;
const TINYBARS_PER_HBAR = 100_000_000n;

/** /network/supply: the released hbars are those not unreleased. */
export function renderSupply(supply: Supply) {
  return { released_supply: (TOTAL_SUPPLY_TINYBARS - supply.unreleased).toString(), timestamp: formatTimestamp(supply.timestamp), total_supply: TOTAL_SUPPLY_TINYBARS.toString() };
}

/** /network/supply?q=: one figure as plain text. */
export function renderSupplyFigure(supply: Supply, figure: SupplyFigure, format: CurrencyFormat): string {
  return formatHbars(figure === "totalcoins" ? TOTAL_SUPPLY_TINYBARS : TOTAL_SUPPLY_TINYBARS - supply.unreleased, format);
}

/** `9999999999.99999949` (BOTH), whole hbars (HBARS) or tinybars (TINYBARS). */
export function formatHbars(tinybars: bigint, format: CurrencyFormat): string {
  if (format === "TINYBARS") return tinybars.toString();
  const hbars = tinybars / TINYBARS_PER_HBAR;
  if (format === "HBARS") return hbars.toString();
  return `${hbars}.${(tinybars % TINYBARS_PER_HBAR).toString().padStart(8, "0")}`;
}
