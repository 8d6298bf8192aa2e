/**
 * In-process benchmark: fee estimates per second against protobufjs decoding
 * the same bytes alone. Run with `npx tsx lib/fees/bench.ts`.
 */
import { proto } from "@hiero-ledger/proto";
import { describeMachine, formatMachine } from "@/lib/bench/machine";
import { benchTransactions } from "./bench-transactions";
import { decodeFeeRequestBody } from "./decode";
import { estimateFees } from "./price";
import { DEFAULT_FEE_SCHEDULE } from "./schedule";
import { NO_STATE } from "./state";

/** Interleaved rounds, median per figure: steadier than one long run on a shared machine. */
const ROUNDS = 7;
const ROUND_MS = 300;
const WARMUP_MS = 500;

function bareDecode(bytes: Uint8Array): unknown {
  const transaction = proto.Transaction.decode(bytes);
  const signed = proto.SignedTransaction.decode(transaction.signedTransactionBytes);
  return proto.TransactionBody.decode(signed.bodyBytes);
}

function estimate(bytes: Uint8Array): unknown {
  return estimateFees(decodeFeeRequestBody(bytes), DEFAULT_FEE_SCHEDULE, {
    mode: "INTRINSIC",
    highVolumeThrottle: 0,
    state: NO_STATE,
  });
}

/** Operations per second of `work` over about `budgetMs`. */
function measure(work: () => unknown, budgetMs: number): number {
  let operations = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (let batch = 0; batch < 500; batch++) work();
    operations += 500;
    elapsed = performance.now() - started;
  }
  return (operations * 1_000) / elapsed;
}

/** Median operations per second of each workload, measured in alternation after a warm-up. */
function compare(workloads: readonly (() => unknown)[]): number[] {
  for (const work of workloads) measure(work, WARMUP_MS);
  const samples = workloads.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    workloads.forEach((work, index) => samples[index]?.push(measure(work, ROUND_MS)));
  }
  return samples.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0);
}

const perSecond = (value: number) => `${Math.round(value).toLocaleString("en-US")}/s`;

async function main(): Promise<void> {
  const { transfer, tokenCreate } = await benchTransactions();
  const rows = [
    ["CryptoTransfer, 1 signature", transfer],
    ["TokenCreate, 5 signatures", tokenCreate],
  ] as const;
  console.log(`Machine: ${formatMachine(describeMachine())}`);
  console.log(`Median of ${ROUNDS} interleaved ${ROUND_MS} ms rounds after ${WARMUP_MS} ms warm-up`);
  for (const [label, bytes] of rows) {
    const [decodes = 0, estimates = 0] = compare([() => bareDecode(bytes), () => estimate(bytes)]);
    console.log(
      `${label} (${bytes.length} bytes): decode ${perSecond(decodes)}, estimate ${perSecond(estimates)}, ` +
        `estimate costs ${(decodes / estimates).toFixed(2)}× the bare decode`,
    );
  }
}

await main();
