import { z } from "zod";
import { log } from "@/lib/http/log";
import { MAX_INT64 } from "@/lib/mirror/timestamp";
import { compileHighVolumeRates, highVolumeRatesSchema, type HighVolumeRates } from "./high-volume";
import publishedSchedule from "./simple-fees-schedule.json" with { type: "json" };

/**
 * Proto-JSON of `org.hiero.hapi.support.fees.FeeSchedule` (fees.md §3.1).
 * 64-bit amounts may arrive as JSON numbers or, per proto-JSON, as decimal
 * strings; absent numbers mean 0. Unknown members are ignored.
 */
const amount = z
  .union([
    z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^\d{1,19}$/),
    z.bigint().nonnegative(),
  ])
  .transform((value) => BigInt(value))
  .refine((value) => value <= MAX_INT64, "exceeds int64");
const count = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);
const name = z.string().min(1);

const extraReference = z.object({ name, includedCount: count.optional() });

const serviceFeeDefinition = z.object({
  name,
  baseFee: amount.optional(),
  extras: z.array(extraReference).optional(),
  nodeNetworkFeeExempt: z.boolean().optional(),
  highVolumeRates: highVolumeRatesSchema.optional(),
});

const feeScheduleSchema = z.object({
  node: z.object({ baseFee: amount.optional(), extras: z.array(extraReference).optional() }),
  network: z.object({ multiplier: count.optional() }),
  extras: z.array(z.object({ name, fee: amount.optional() })).optional(),
  services: z.array(z.object({ name: z.string(), schedule: z.array(serviceFeeDefinition).optional() })).optional(),
});

/** An extra as a fee entry references it: its price from `extras[]`, its free allowance from the entry. */
export type ExtraCharge = { readonly name: string; readonly included: bigint; readonly feePerUnit: bigint };

export type ServiceFee = {
  readonly name: string;
  readonly baseFee: bigint;
  /** By extra name; only extras the entry references can be charged. */
  readonly extras: ReadonlyMap<string, ExtraCharge>;
  readonly nodeNetworkFeeExempt: boolean;
  readonly highVolumeRates: HighVolumeRates | null;
};

/** A schedule indexed for pricing; built once per schedule document, never per request. */
export type FeeSchedule = {
  readonly nodeBaseFee: bigint;
  /** In schedule order, which is the response order. */
  readonly nodeExtras: readonly ExtraCharge[];
  readonly networkMultiplier: bigint;
  /** By `HederaFunctionality` name (`CryptoTransfer`, `TokenCreate`, …). */
  readonly services: ReadonlyMap<string, ServiceFee>;
};

/** Validates and indexes a proto-JSON schedule; throws on a malformed or inconsistent document. */
export function compileFeeSchedule(document: unknown): FeeSchedule {
  const json = feeScheduleSchema.parse(document);

  const prices = new Map<string, bigint>();
  for (const extra of json.extras ?? []) {
    if (prices.has(extra.name)) throw new Error(`Extra ${extra.name} is defined twice`);
    prices.set(extra.name, extra.fee ?? 0n);
  }
  const charge = (reference: z.infer<typeof extraReference>, owner: string): ExtraCharge => {
    const feePerUnit = prices.get(reference.name);
    if (feePerUnit === undefined) throw new Error(`${owner} references undefined extra ${reference.name}`);
    return { name: reference.name, included: BigInt(reference.includedCount ?? 0), feePerUnit };
  };

  const services = new Map<string, ServiceFee>();
  for (const service of json.services ?? []) {
    for (const definition of service.schedule ?? []) {
      if (services.has(definition.name)) throw new Error(`Fee entry ${definition.name} is defined twice`);
      services.set(definition.name, {
        name: definition.name,
        baseFee: definition.baseFee ?? 0n,
        extras: new Map(
          (definition.extras ?? []).map((reference) => [reference.name, charge(reference, definition.name)]),
        ),
        nodeNetworkFeeExempt: definition.nodeNetworkFeeExempt ?? false,
        highVolumeRates: definition.highVolumeRates ? compileHighVolumeRates(definition.highVolumeRates) : null,
      });
    }
  }

  return {
    nodeBaseFee: json.node.baseFee ?? 0n,
    nodeExtras: (json.node.extras ?? []).map((reference) => charge(reference, "node")),
    networkMultiplier: BigInt(json.network.multiplier ?? 0),
    services,
  };
}

/** The published 0.73 schedule (file 0.0.113 at genesis); INTRINSIC always prices with it. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = compileFeeSchedule(publishedSchedule);

const compiledOverrides = new WeakMap<object, FeeSchedule>();

/**
 * The schedule STATE mode prices with: the network's file 0.0.113 when the
 * state source has one, else the built-in default. Compiled forms are cached
 * per document object, so a source that keeps returning its cached document
 * costs one validation per refresh. A document that does not validate is
 * logged once and replaced by the default rather than failing every request.
 */
export function resolveFeeSchedule(override: unknown): FeeSchedule {
  if (override === null || override === undefined) return DEFAULT_FEE_SCHEDULE;
  if (typeof override !== "object") return rejectOverride(override, new Error("not an object"));
  const cached = compiledOverrides.get(override);
  if (cached) return cached;
  let compiled: FeeSchedule;
  try {
    compiled = compileFeeSchedule(override);
  } catch (error) {
    compiled = rejectOverride(override, error);
  }
  compiledOverrides.set(override, compiled);
  return compiled;
}

function rejectOverride(override: unknown, error: unknown): FeeSchedule {
  log.warn("fee schedule from state rejected; using the built-in schedule", {
    type: typeof override,
    error: error instanceof Error ? error.message : String(error),
  });
  return DEFAULT_FEE_SCHEDULE;
}
