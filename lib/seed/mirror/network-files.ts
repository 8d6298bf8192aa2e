import { proto } from "@hiero-ledger/proto";
import { bigIntToLong } from "@/lib/mirror/proto-long";
import type { Random } from "./random";

/**
 * The system files the network writes and the mirror reads back: 0.0.112
 * (`ExchangeRateSet`, updated hourly) and 0.0.111 (`CurrentAndNextFeeSchedule`),
 * protobuf-encoded exactly as the network stores them.
 */
export type Rate = { hbarEquiv: number; centEquiv: number };

const HBAR_EQUIV = 30_000;
/** 18 US cents per hbar to begin with. */
const FIRST_CENT_EQUIV = 540_000;

/** One rate per hour: a small random walk, so fees drift the way they do on a live network. */
export function hourlyRates(random: Random, hours: number): Rate[] {
  const rates: Rate[] = [];
  let cents = FIRST_CENT_EQUIV;
  for (let hour = 0; hour <= hours + 1; hour++) {
    rates.push({ hbarEquiv: HBAR_EQUIV, centEquiv: Math.round(cents) });
    cents *= 1 + (random.next() - 0.5) * 0.012;
  }
  return rates;
}

/** The file as of one hourly update: this hour's rate, and the next one's, each expiring at the end of its hour. */
export function exchangeRateFile(current: Rate, next: Rate, currentExpirySeconds: bigint): Buffer {
  const rate = (value: Rate, expiry: bigint) => ({
    hbarEquiv: value.hbarEquiv,
    centEquiv: value.centEquiv,
    expirationTime: { seconds: bigIntToLong(expiry) },
  });
  return Buffer.from(
    proto.ExchangeRateSet.encode({ currentRate: rate(current, currentExpirySeconds), nextRate: rate(next, currentExpirySeconds + 3600n) }).finish(),
  );
}

/** Tinybars of a price in US dollars at a rate. */
export function tinybarsOf(usd: number, rate: Rate): bigint {
  return BigInt(Math.round(((usd * 100 * rate.hbarEquiv) / rate.centEquiv) * 1e8));
}

const H = proto.HederaFunctionality;
const S = proto.SubType;

/** USD prices per operation (the published schedule's order of magnitude), and their subtypes. */
const PRICED: ReadonlyArray<readonly [proto.HederaFunctionality, number, readonly proto.SubType[]]> = [
  [H.CryptoTransfer, 0.0001, [S.DEFAULT, S.TOKEN_FUNGIBLE_COMMON, S.TOKEN_NON_FUNGIBLE_UNIQUE, S.TOKEN_FUNGIBLE_COMMON_WITH_CUSTOM_FEES, S.TOKEN_NON_FUNGIBLE_UNIQUE_WITH_CUSTOM_FEES]],
  [H.CryptoCreate, 0.05, [S.DEFAULT]],
  [H.CryptoUpdate, 0.00022, [S.DEFAULT]],
  [H.CryptoDelete, 0.005, [S.DEFAULT]],
  [H.CryptoApproveAllowance, 0.05, [S.DEFAULT]],
  [H.CryptoDeleteAllowance, 0.05, [S.DEFAULT]],
  [H.ConsensusCreateTopic, 0.01, [S.DEFAULT, S.TOPIC_CREATE_WITH_CUSTOM_FEES]],
  [H.ConsensusUpdateTopic, 0.00022, [S.DEFAULT]],
  [H.ConsensusDeleteTopic, 0.005, [S.DEFAULT]],
  [H.ConsensusSubmitMessage, 0.0001, [S.DEFAULT, S.SUBMIT_MESSAGE_WITH_CUSTOM_FEES]],
  [H.TokenCreate, 1, [S.TOKEN_FUNGIBLE_COMMON, S.TOKEN_NON_FUNGIBLE_UNIQUE, S.TOKEN_FUNGIBLE_COMMON_WITH_CUSTOM_FEES, S.TOKEN_NON_FUNGIBLE_UNIQUE_WITH_CUSTOM_FEES]],
  [H.TokenMint, 0.001, [S.TOKEN_FUNGIBLE_COMMON, S.TOKEN_NON_FUNGIBLE_UNIQUE]],
  [H.TokenBurn, 0.001, [S.TOKEN_FUNGIBLE_COMMON, S.TOKEN_NON_FUNGIBLE_UNIQUE]],
  [H.TokenAssociateToAccount, 0.05, [S.DEFAULT]],
  [H.TokenDissociateFromAccount, 0.05, [S.DEFAULT]],
  [H.TokenGrantKycToAccount, 0.001, [S.DEFAULT]],
  [H.TokenFreezeAccount, 0.001, [S.DEFAULT]],
  [H.TokenAirdrop, 0.1, [S.DEFAULT]],
  [H.TokenClaimAirdrop, 0.001, [S.DEFAULT]],
  [H.TokenCancelAirdrop, 0.001, [S.DEFAULT]],
  [H.ScheduleCreate, 0.01, [S.DEFAULT]],
  [H.ScheduleSign, 0.001, [S.DEFAULT]],
  [H.ScheduleDelete, 0.001, [S.DEFAULT]],
  [H.FileCreate, 0.05, [S.DEFAULT]],
  [H.FileUpdate, 0.05, [S.DEFAULT]],
  [H.FileAppend, 0.05, [S.DEFAULT]],
  [H.UtilPrng, 0.001, [S.DEFAULT]],
  [H.ContractCreate, 1, [S.DEFAULT]],
  [H.ContractCall, 0.05, [S.DEFAULT]],
  [H.EthereumTransaction, 0.0001, [S.DEFAULT]],
];

/** Gas price of the contract operations, thousandths of a tinycent per gas (what /network/fees converts). */
const GAS_PRICED = new Set<proto.HederaFunctionality>([H.ContractCreate, H.ContractCall, H.EthereumTransaction]);
const GAS_PRICE = 852_000;
/** The schedule's units: thousandths of a tinycent, 10^13 of them to the dollar. */
const UNITS_PER_USD = 1e13;

function components(usd: number, share: number, gas: number) {
  const constant = Math.round(usd * UNITS_PER_USD * share);
  const long = (value: number) => bigIntToLong(BigInt(Math.round(value)));
  return {
    min: long(0),
    max: long(1e15),
    constant: long(constant),
    bpt: long(constant / 620),
    vpt: long(constant / 0.25),
    rbh: long(constant / 930_000),
    sbh: long(constant / 12_400_000),
    gas: long(gas),
    tv: long(0),
    bpr: long(constant / 620),
    sbpr: long(constant / 25_000),
  };
}

function feeSchedule(expirySeconds: bigint, adjustment: number): proto.IFeeSchedule {
  return {
    transactionFeeSchedule: PRICED.map(([functionality, usd, subTypes]) => ({
      hederaFunctionality: functionality,
      fees: subTypes.map((subType) => ({
        subType,
        nodedata: components(usd * adjustment, 0.05, 0),
        networkdata: components(usd * adjustment, 0.1, 0),
        servicedata: components(usd * adjustment, 0.85, GAS_PRICED.has(functionality) ? Math.round(GAS_PRICE * adjustment) : 0),
      })),
    })),
    expiryTime: { seconds: bigIntToLong(expirySeconds) },
  };
}

/** File 0.0.111: the schedule in force until `currentExpiry` and the (slightly dearer) one after it. */
export function feeScheduleFile(currentExpirySeconds: bigint, nextExpirySeconds: bigint): Buffer {
  return Buffer.from(
    proto.CurrentAndNextFeeSchedule.encode({
      currentFeeSchedule: feeSchedule(currentExpirySeconds, 1),
      nextFeeSchedule: feeSchedule(nextExpirySeconds, 1.02),
    }).finish(),
  );
}

export const FILE_TRANSACTION = { append: 16, create: 17, update: 19 } as const;
export const FILE_CHUNK = 4096;
