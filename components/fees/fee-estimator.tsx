"use client";

import { useQuery } from "@tanstack/react-query";
import type { DragEvent, FormEvent } from "react";
import { useId, useState, useSyncExternalStore } from "react";
import { describeTransaction } from "@/lib/pages/fee-actions";
import { PageSection } from "@/components/site/page-section";
import { Callout } from "@/components/ui/callout";
import type { TransactionSummary } from "@/lib/pages/describe-transaction";
import type { FeeAnswer } from "@/lib/pages/fee-estimate";
import { readFeeAnswer } from "@/lib/pages/fee-estimate";
import { exampleUrl, FEE_EXAMPLES } from "@/lib/pages/fee-examples";
import { readExchangeRate } from "@/lib/pages/fee-money";
import type { FeeMode } from "@/lib/pages/fee-request";
import { bytesToBase64, bytesToHex, describeRefusedFile, readPastedBytes } from "@/lib/pages/transaction-input";
import { FeeBreakdownTable } from "./fee-breakdown-table";
import { FeeErrorCallout } from "./fee-error";
import type { RateState } from "./fee-total";
import { FeeTotal } from "./fee-total";
import { TransactionSummaryList } from "./transaction-summary";

/** Largest transaction whose bytes go into a shared link (as hex, twice as long). */
const LINK_LIMIT_BYTES = 4096;

export type PricedResult = { summary: TransactionSummary | null; status: number; body: string };

/** Which input an outcome priced: its error marks that input. */
type Source = "file" | "text";

type Outcome = { summary: TransactionSummary | null; answer: FeeAnswer; link: string | null; source: Source };

type Props = {
  initial: {
    text: string;
    exampleId: string | null;
    mode: FeeMode;
    throttle: number;
    result: PricedResult | null;
    /** The link the server-rendered result came from. */
    link: string | null;
    inputError: string | null;
  };
};

const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-600";

/**
 * The fee estimator. It posts the bytes to `POST /api/v1/network/fees`
 * exactly as a program would (protobuf body, mode and throttle in the query)
 * and asks the server for the decoded summary beside it. Every result gets a
 * link that reproduces it: the example's name, or the bytes as hex.
 */
export function FeeEstimator({ initial }: Props) {
  const [text, setText] = useState(initial.text);
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  const [exampleId, setExampleId] = useState(initial.exampleId);
  const [mode, setMode] = useState<FeeMode>(initial.mode);
  const [throttle, setThrottle] = useState(initial.throttle);
  const [inputError, setInputError] = useState(initial.inputError);
  const [pending, setPending] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    initial.result
      ? { summary: initial.result.summary, answer: readFeeAnswer(initial.result.status, initial.result.body), link: initial.link, source: "text" }
      : null,
  );
  const rate = useExchangeRate();
  const ids = { text: useId(), file: useId(), error: useId(), fileError: useId(), throttle: useId() };

  async function estimate(bytes: Uint8Array, options: { exampleId: string | null; mode: FeeMode; throttle: number; source?: Source }) {
    const source = options.source ?? "text";
    setPending(true);
    setInputError(null);
    try {
      const query = new URLSearchParams({ mode: options.mode, high_volume_throttle: String(options.throttle) });
      const [response, summary] = await Promise.all([
        fetch(`/api/v1/network/fees?${query}`, {
          method: "POST",
          headers: { "content-type": "application/protobuf" },
          body: new Uint8Array(bytes),
        }),
        describeTransaction(bytesToBase64(bytes)).catch(() => null),
      ]);
      const link = shareLink(bytes, options);
      if (link) window.history.replaceState(null, "", link);
      setOutcome({ summary, answer: readFeeAnswer(response.status, await response.text()), link, source });
    } catch {
      setOutcome({
        summary: null,
        answer: { ok: false, error: { status: 0, messages: [{ message: "The fee service could not be reached", detail: "check the connection and try again" }] } },
        link: null,
        source,
      });
    } finally {
      setPending(false);
    }
  }

  function currentBytes(): Uint8Array | null {
    if (file) return file.bytes;
    const read = readPastedBytes(text);
    if (!read.ok) {
      setInputError(read.reason);
      setOutcome(null);
      return null;
    }
    return read.bytes;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bytes = currentBytes();
    if (bytes) void estimate(bytes, { exampleId, mode, throttle, source: file ? "file" : "text" });
  }

  async function chooseFile(chosen: File | undefined) {
    if (!chosen) return;
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    setFile({ name: chosen.name, bytes });
    setText("");
    setExampleId(null);
    void estimate(bytes, { exampleId: null, mode, throttle, source: "file" });
  }

  async function loadExample(id: string, suggestedThrottle: number | undefined) {
    const response = await fetch(exampleUrl(id));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const nextThrottle = suggestedThrottle ?? throttle;
    setFile(null);
    setText(bytesToHex(bytes));
    setExampleId(id);
    setThrottle(nextThrottle);
    void estimate(bytes, { exampleId: id, mode, throttle: nextThrottle });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void chooseFile(event.dataTransfer.files[0]);
  }

  const refused = outcome && !outcome.answer.ok ? outcome.answer.error : null;
  // A refused file is marked on the file box, with what a file must hold; the paste box stays as it was.
  const fileError = refused && outcome?.source === "file" && file ? refused : null;
  const apiError = fileError ? null : refused;
  const describedBy = [inputError || apiError ? ids.error : null, `${ids.text}-hint`].filter(Boolean).join(" ");

  return (
    <div className="space-y-10">
      <form method="get" action="/fees" onSubmit={onSubmit} className="space-y-6" aria-busy={pending}>
        <PageSection id="transaction-input" title="Transaction" className="space-y-4">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="file-box"
            data-invalid={fileError ? "true" : undefined}
            className={`rounded-lg border-2 border-dashed p-4 ${dragging ? "border-sky-600 bg-sky-50 dark:bg-sky-950/40" : fileError ? "border-red-600 dark:border-red-500" : "border-slate-300 dark:border-slate-700"}`}
          >
            <label htmlFor={ids.file} className="block text-sm font-medium">
              Drop a file of raw transaction bytes here, or choose one
            </label>
            <input
              id={ids.file}
              type="file"
              onChange={(event) => void chooseFile(event.target.files?.[0])}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? ids.fileError : undefined}
              className="mt-2 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-900 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-slate-700 dark:file:bg-slate-100 dark:file:text-slate-900"
            />
            {file && (
              <p className="mt-2 text-sm">
                Using <span className="font-mono">{file.name}</span> ({file.bytes.length.toLocaleString("en-US")} bytes).{" "}
                <button type="button" onClick={() => setFile(null)} className="underline underline-offset-4">
                  Use the pasted text instead
                </button>
              </p>
            )}
            {fileError && file && (
              <div id={ids.fileError} className="mt-3 space-y-2">
                <FeeErrorCallout error={fileError} />
                <p className="text-sm">{describeRefusedFile(file.bytes)}</p>
              </div>
            )}
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.text} className="block text-sm font-medium">
              …or paste the bytes as hex or base64
            </label>
            <textarea
              id={ids.text}
              name="tx"
              rows={4}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFile(null);
                setExampleId(null);
              }}
              spellCheck={false}
              autoComplete="off"
              placeholder="0a93012a90010a8c01… or CpMBKpABCowB…"
              aria-invalid={Boolean(inputError || apiError)}
              aria-describedby={describedBy}
              className={inputClass}
            />
            <p id={`${ids.text}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
              A protobuf <code>Transaction</code> (or an SDK <code>TransactionList</code>). Whitespace and a leading 0x are ignored.
            </p>
            <div id={ids.error} className="empty:hidden">
              {inputError && (
                <Callout tone="critical" title="These are not transaction bytes yet" role="alert">
                  <p>{inputError}</p>
                </Callout>
              )}
              {!inputError && apiError && <FeeErrorCallout error={apiError} />}
            </div>
          </div>
          <ExamplePicker activeId={exampleId} onPick={(id, suggested) => void loadExample(id, suggested)} mode={mode} />
        </PageSection>

        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Options</legend>
          <div className="flex flex-wrap gap-3" role="radiogroup" aria-label="Mode">
            {(["INTRINSIC", "STATE"] as const).map((value) => (
              <label
                key={value}
                className="flex max-w-sm flex-1 cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-slate-900 has-checked:bg-slate-50 dark:border-slate-700 dark:has-checked:border-slate-100 dark:has-checked:bg-slate-900"
              >
                <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="mt-1" />
                <span>
                  <span className="block font-mono text-sm font-semibold">{value}</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    {value === "INTRINSIC"
                      ? "From the transaction alone: fast, no lookups."
                      : "Also reads network state: token custom fees, topic fees."}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.throttle} className="block text-sm font-medium">
              High-volume throttle: <span className="tabular-nums">{throttle.toLocaleString("en-US")}</span> basis points (
              {(throttle / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })} % utilization)
            </label>
            <div className="flex items-center gap-3">
              <input
                id={ids.throttle}
                type="range"
                name="throttle"
                min={0}
                max={10_000}
                step={1}
                value={throttle}
                onChange={(event) => setThrottle(Number(event.target.value))}
                className="h-2 flex-1 accent-slate-900 dark:accent-slate-100"
              />
              <input
                type="number"
                min={0}
                max={10_000}
                value={throttle}
                aria-label="High-volume throttle in basis points"
                onChange={(event) => setThrottle(Math.min(10_000, Math.max(0, Math.trunc(Number(event.target.value) || 0))))}
                className="w-24 rounded-md border border-slate-300 bg-white px-2 py-1 text-right font-mono text-sm tabular-nums dark:border-slate-700 dark:bg-slate-900"
              />
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Only transactions with the high-volume flag set are priced on the curve; the others report a multiplier of 1.
            </p>
          </div>
        </fieldset>

        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-5 py-2.5 font-medium text-white hover:bg-slate-700 disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white"
        >
          {pending ? "Estimating…" : "Estimate fee"}
        </button>
      </form>

      <div aria-live="polite" className="sr-only">
        {pending ? "Estimating…" : outcome?.answer.ok ? `Estimated fee ${outcome.answer.estimate.total.toLocaleString("en-US")} tinycents` : ""}
      </div>

      {outcome && <Result outcome={outcome} rate={rate} />}
    </div>
  );
}

function ExamplePicker({ activeId, onPick, mode }: { activeId: string | null; onPick: (id: string, throttle: number | undefined) => void; mode: FeeMode }) {
  return (
    <div>
      <p className="text-sm font-medium">Try an example (built and signed with the JS SDK):</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {FEE_EXAMPLES.map((example) => (
          <li key={example.id}>
            <a
              href={`/fees?${new URLSearchParams({ example: example.id, mode, ...(example.throttle ? { throttle: String(example.throttle) } : {}) })}`}
              onClick={(event) => {
                event.preventDefault();
                onPick(example.id, example.throttle);
              }}
              aria-current={activeId === example.id ? "true" : undefined}
              title={example.description}
              className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 aria-[current=true]:border-slate-900 aria-[current=true]:bg-slate-900 aria-[current=true]:text-white dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-[current=true]:border-slate-100 dark:aria-[current=true]:bg-slate-100 dark:aria-[current=true]:text-slate-900"
            >
              {example.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Result({ outcome, rate }: { outcome: Outcome; rate: RateState }) {
  const { summary, answer } = outcome;
  return (
    <PageSection id="fee-result" title="Result" className="space-y-8">
      {summary && (
        <div className="space-y-3">
          <h3 className="font-semibold">Decoded transaction</h3>
          <TransactionSummaryList summary={summary} />
        </div>
      )}
      {answer.ok ? (
        <>
          <FeeTotal estimate={answer.estimate} rate={rate} maxFeeTinybars={summary?.maxFeeTinybars ?? null} />
          {answer.estimate.notes.length > 0 && (
            <div className="space-y-2">
              {answer.estimate.notes.map((note) => (
                <Callout key={note} tone="maintenance" title="Note">
                  <p>{note}</p>
                </Callout>
              ))}
            </div>
          )}
          <div className="space-y-3">
            <h3 className="font-semibold">Itemized</h3>
            <FeeBreakdownTable estimate={answer.estimate} type={summary?.type ?? "transaction"} />
          </div>
          <ShareLink link={outcome.link} />
        </>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">No price: the error is shown next to the input above.</p>
      )}
    </PageSection>
  );
}

function ShareLink({ link }: { link: string | null }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  // The server does not know the origin the visitor used; the browser fills it in after hydration.
  const origin = useSyncExternalStore(
    () => () => {},
    () => window.location.origin,
    () => "",
  );
  if (!link) return null;
  const url = origin + link;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Link to this result
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={url} onFocus={(event) => event.target.select()} className={inputClass} />
        <button
          type="button"
          onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}
          className="shrink-0 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}

/** The link that reproduces a result: the example by name, else the bytes as hex when they are small enough. */
function shareLink(bytes: Uint8Array, options: { exampleId: string | null; mode: FeeMode; throttle: number }): string | null {
  const query = new URLSearchParams();
  if (options.exampleId) query.set("example", options.exampleId);
  else if (bytes.length <= LINK_LIMIT_BYTES) query.set("tx", bytesToHex(bytes));
  else return null;
  query.set("mode", options.mode);
  query.set("throttle", String(options.throttle));
  return `/fees?${query}`;
}

/** The mirror node's current exchange rate; its absence only removes the ℏ column. */
function useExchangeRate(): RateState {
  const query = useQuery({
    queryKey: ["api", "v1", "network", "exchangerate"],
    queryFn: async (): Promise<RateState> => {
      const response = await fetch("/api/v1/network/exchangerate", { headers: { accept: "application/json" } });
      if (!response.ok) return { kind: "unavailable", reason: `the mirror node's exchange rate answered HTTP ${response.status}` };
      const rate = readExchangeRate(await response.json());
      return rate ? { kind: "ok", rate } : { kind: "unavailable", reason: "the exchange rate document was not understood" };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (query.data) return query.data;
  return query.isError ? { kind: "unavailable", reason: "the exchange rate could not be read" } : { kind: "loading" };
}
