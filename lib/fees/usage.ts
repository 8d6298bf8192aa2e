import type { ResolvedState } from "./state";

export type FeeMode = "INTRINSIC" | "STATE";

/** One service extra a transaction uses, by `Extra` name; the schedule supplies price and allowance. */
export type ServiceExtraCount = { readonly name: string; readonly count: bigint };

/** What a transaction-type rule reports for pricing the service fee (fees.md §5, §6). */
export type ServiceUsage = {
  /** In response order (fees.md §5). */
  readonly extras: readonly ServiceExtraCount[];
  /** Every fee component cleared to 0 (SystemDelete/Undelete, STATE privileged FileUpdate). */
  readonly cleared: boolean;
  /** One note per distinct entity priced as a worst case because it is not in the database (D2). */
  readonly notes: readonly string[];
};

export type UsageContext = {
  readonly mode: FeeMode;
  /** Lookups made for this transaction; empty in INTRINSIC mode. */
  readonly state: ResolvedState;
};

export function extrasOnly(...extras: ServiceExtraCount[]): ServiceUsage {
  return { extras, cleared: false, notes: [] };
}

export function extra(name: string, count: number | bigint): ServiceExtraCount {
  return { name, count: BigInt(count) };
}
