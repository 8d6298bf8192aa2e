import { middleOf, type LoadResult } from "@/lib/bench/http-load";
import type { BufferUse } from "./plans";
import { UPSTREAM_FIGURES, type Figure, type MeasuredScale, type UpstreamEndpoint } from "./upstream-figures";

export type EndpointOutcome = {
  label: string;
  upstream?: UpstreamEndpoint;
  reference?: boolean;
  /** Why it was not measured (its route answers 404, …). */
  skipped?: string;
  result?: LoadResult;
  /** PostgreSQL buffer pool use per request served from the database (bufferUse). */
  buffers?: BufferUse;
};

export type ScaleReport = { scale: string; comparedWith: MeasuredScale; database: string; endpoints: EndpointOutcome[] };

const cell = (text: string, width: number) => text.padStart(width);
const number = (value: number | undefined, digits = 0) => (value === undefined ? "–" : value.toFixed(digits));

/**
 * Our req/s, p50, p99 next to upstream's at the same scale, and whether each
 * meets the target (≥ its req/s, ≤ its p99). `× adj.` divides the req/s
 * ratio by the trivial route's: upstream's figures were measured on one day of
 * a machine whose speed varies from day to day, and the trivial route, the
 * same work in both servers, tells how fast this run's machine was.
 */
export function formatScale(report: ScaleReport): string {
  const width = labelWidth(report);
  const reference = report.endpoints.find((endpoint) => endpoint.reference && endpoint.result);
  const referenceUpstream = reference && upstreamFigure(reference, report.comparedWith);
  const machineSpeed = reference?.result && referenceUpstream ? reference.result.requestsPerSecond / referenceUpstream.requestsPerSecond : undefined;
  const header = [
    "endpoint".padEnd(width),
    cell("req/s", 8),
    cell("p50", 6),
    cell("p99", 6),
    cell("upstream", 9),
    cell("p50", 6),
    cell("p99", 6),
    cell("req/s ×", 8),
    cell("× adj.", 7),
    cell("disk KiB/req", 13),
    "  target",
  ].join(" ");
  const rows = report.endpoints.map((endpoint) => {
    const upstream = upstreamFigure(endpoint, report.comparedWith);
    const ours = endpoint.result;
    if (!ours) return `${endpoint.label.padEnd(width)} skipped: ${endpoint.skipped}`;
    const failed = ours.errors + ours.non2xx;
    return [
      endpoint.label.padEnd(width),
      cell(number(ours.requestsPerSecond), 8),
      cell(number(ours.p50, 1), 6),
      cell(number(ours.p99, 1), 6),
      cell(number(upstream?.requestsPerSecond), 9),
      cell(number(upstream?.p50, 1), 6),
      cell(number(upstream?.p99, 1), 6),
      cell(upstream ? `${(ours.requestsPerSecond / upstream.requestsPerSecond).toFixed(2)}` : "–", 8),
      cell(upstream && machineSpeed ? `${(ours.requestsPerSecond / upstream.requestsPerSecond / machineSpeed).toFixed(2)}` : "–", 7),
      cell(number(ours.diskKiBPerRequest, 1), 13),
      `  ${endpoint.reference ? "(reference)" : upstream ? (meetsTarget(ours, upstream) ? "met" : "MISSED") : "–"}${failed > 0 ? `  (${failed} failed responses)` : ""}`,
    ].join(" ");
  });
  return [header, ...rows].join("\n");
}

/**
 * Per endpoint measured at both scales: LARGE's req/s against SMALL's (the
 * target: never slower at LARGE), its p99s, and what each read from disk per
 * request. The change is paired pass by pass, since each pass measures an
 * endpoint at both scales moments apart: the median of the passes' changes
 * and their range, which shows how far the machine moved within the run (the
 * trivial route, the same work at both scales, shows it alone); and each
 * scale's buffer pool accesses per request with the misses among them.
 */
export function formatScaling(small: ScaleReport, large: ScaleReport): string {
  const width = labelWidth(small);
  const signed = (change: number) => `${change >= 0 ? "+" : ""}${change.toFixed(0)}%`;
  const buffers = (use: BufferUse | undefined) => (use ? `${use.accesses.toFixed(0)} (${use.misses.toFixed(1)})` : "–");
  const rows = small.endpoints.flatMap((endpoint) => {
    const before = endpoint.result;
    const atLarge = large.endpoints.find((candidate) => candidate.label === endpoint.label);
    const after = atLarge?.result;
    if (!before || !after) return [];
    const changes = pairedChanges(before, after);
    const figures = [
      signed(middleOf(changes)),
      changes.length > 1 ? `${signed(Math.min(...changes))}..${signed(Math.max(...changes))}` : "–",
      number(before.p99, 1),
      number(after.p99, 1),
      number(before.diskKiBPerRequest, 1),
      number(after.diskKiBPerRequest, 1),
      buffers(endpoint.buffers),
      buffers(atLarge.buffers),
    ];
    return [[endpoint.label.padEnd(width), ...figures.map((figure, at) => cell(figure, SCALING_WIDTHS[at]!))].join(" ")];
  });
  return [["endpoint".padEnd(width), ...SCALING_HEADERS.map((header, at) => cell(header, SCALING_WIDTHS[at]!))].join(" "), ...rows].join("\n");
}

/** LARGE's req/s against SMALL's in percent, pass by pass where both kept their passes (else their medians). */
function pairedChanges(small: LoadResult, large: LoadResult): number[] {
  const paired = small.passes && large.passes && small.passes.length === large.passes.length && small.passes.length > 0;
  const pairs = paired ? small.passes!.map((before, pass) => [before, large.passes![pass]!] as const) : [[small.requestsPerSecond, large.requestsPerSecond] as const];
  return pairs.map(([before, after]) => (after / before - 1) * 100);
}

const SCALING_HEADERS = ["req/s Δ", "passes' Δ", "SMALL p99", "LARGE p99", "SMALL disk", "LARGE disk", "SMALL buf (miss)", "LARGE buf (miss)"];
const SCALING_WIDTHS = [8, 12, 10, 10, 11, 11, 17, 17];

function labelWidth(report: ScaleReport): number {
  return Math.max(8, ...report.endpoints.map((endpoint) => endpoint.label.length));
}

function upstreamFigure(endpoint: EndpointOutcome, scale: MeasuredScale): Figure | undefined {
  return endpoint.upstream ? UPSTREAM_FIGURES[endpoint.upstream][scale] : undefined;
}

function meetsTarget(ours: LoadResult, upstream: Figure): boolean {
  return ours.requestsPerSecond >= upstream.requestsPerSecond && ours.p99 <= upstream.p99 && ours.errors + ours.non2xx === 0;
}
