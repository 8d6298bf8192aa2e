import type { Metadata } from "next";
import type { PricedResult } from "@/components/fees/fee-estimator";
import { FeeEstimator } from "@/components/fees/fee-estimator";
import { FEE_EXAMPLES } from "@/lib/pages/fee-examples";
import { priceOnServer, readExample, readFeeOptions } from "@/lib/pages/fee-request";
import { bytesToHex, readPastedBytes } from "@/lib/pages/transaction-input";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Fee estimator",
  description: "Paste or upload a transaction and see its fee, itemized as the network's fee schedule prices it.",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/fees`, `/fees?example=<id>`, `/fees?tx=<hex or base64>` (+ `mode`,
 * `throttle`). A shared link is priced here on the server through the
 * endpoint's own handler, so it opens complete, JavaScript or not; the form
 * then works in the browser against `POST /api/v1/network/fees`.
 */
export default async function FeesPage({ searchParams }: Props) {
  const query = await searchParams;
  const exampleId = typeof query.example === "string" ? query.example : null;
  const pasted = typeof query.tx === "string" ? query.tx : null;
  const example = FEE_EXAMPLES.find((candidate) => candidate.id === exampleId);
  const options = readFeeOptions(query.mode, query.throttle, example?.throttle ?? 0);

  let bytes: Uint8Array | null = example ? await readExample(example.id) : null;
  let inputError: string | null = null;
  if (!bytes && pasted !== null) {
    const read = readPastedBytes(pasted);
    if (read.ok) bytes = read.bytes;
    else inputError = read.reason;
  }
  const result: PricedResult | null = bytes ? await priceOnServer(bytes, options) : null;
  const link = bytes ? `/fees?${new URLSearchParams({ ...(example ? { example: example.id } : { tx: bytesToHex(bytes) }), mode: options.mode, throttle: String(options.throttle) })}` : null;

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Fee estimator</h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">
          See what a transaction costs before you submit it, itemized the way the network&apos;s fee schedule prices it. The page sends the
          bytes to <code className="font-mono text-sm">POST /api/v1/network/fees</code>, the same call your program can make.
        </p>
      </div>
      <noscript>
        <p className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-700">
          Without JavaScript, pasted text and the examples still work; choosing a file needs JavaScript. From a terminal:{" "}
          <code className="font-mono">curl --data-binary @tx.bin -H &apos;content-type: application/protobuf&apos; …/api/v1/network/fees</code>
        </p>
      </noscript>
      <FeeEstimator
        initial={{
          text: pasted ?? (bytes ? bytesToHex(bytes) : ""),
          exampleId: example?.id ?? null,
          mode: options.mode,
          throttle: options.throttle,
          result,
          link,
          inputError,
        }}
      />
    </div>
  );
}
