import type { LoadResult } from "@/lib/bench/http-load";
import { UPSTREAM_FIGURES, type Figure, type MeasuredScale, type UpstreamEndpoint } from "./upstream-figures";

export type EndpointOutcome = {
  label: string;
  upstream?: UpstreamEndpoint;
  reference?: boolean;
  /** Why it was not measured (its route answers 404, …). */
  skipped?: string;
  result?: LoadResult;
};

export type ScaleReport = { scale: string; comparedWith: MeasuredScale; database: string; endpoints: EndpointOutcome[] };

const cell = (text: string, width: number) => text.padStart(width);
const number = (value: number | undefined, digits = 0) => (value === undefined ? "–" : value.toFixed(digits));

/** Our req/s, p50, p99 next to upstream's at the same scale, and whether each meets the target (≥ its req/s, ≤ its p99). */
export function formatScale(report: ScaleReport): string {
  const width = labelWidth(report);
  const header = [
    "endpoint".padEnd(width),
    cell("req/s", 8),
    cell("p50", 6),
    cell("p99", 6),
    cell("upstream", 9),
    cell("p50", 6),
    cell("p99", 6),
    cell("req/s ×", 8),
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
      cell(number(ours.diskKiBPerRequest, 1), 13),
      `  ${endpoint.reference ? "(reference)" : upstream ? (meetsTarget(ours, upstream) ? "met" : "MISSED") : "–"}${failed > 0 ? `  (${failed} failed responses)` : ""}`,
    ].join(" ");
  });
  return [header, ...rows].join("\n");
}

/**
 * Per endpoint measured at both scales: LARGE's req/s and p99 against SMALL's
 * (the target: never slower at LARGE), and what each read from disk per request.
 */
export function formatScaling(small: ScaleReport, large: ScaleReport): string {
  const width = labelWidth(small);
  const rows = small.endpoints.flatMap((endpoint) => {
    const before = endpoint.result;
    const after = large.endpoints.find((candidate) => candidate.label === endpoint.label)?.result;
    if (!before || !after) return [];
    const change = (after.requestsPerSecond / before.requestsPerSecond - 1) * 100;
    const figures = [`${change >= 0 ? "+" : ""}${change.toFixed(0)}%`, number(before.p99, 1), number(after.p99, 1), number(before.diskKiBPerRequest, 1), number(after.diskKiBPerRequest, 1)];
    return [[endpoint.label.padEnd(width), ...figures.map((figure, at) => cell(figure, SCALING_WIDTHS[at]!))].join(" ")];
  });
  return [["endpoint".padEnd(width), ...SCALING_HEADERS.map((header, at) => cell(header, SCALING_WIDTHS[at]!))].join(" "), ...rows].join("\n");
}

const SCALING_HEADERS = ["req/s Δ", "SMALL p99", "LARGE p99", "SMALL disk", "LARGE disk"];
const SCALING_WIDTHS = [8, 10, 10, 11, 11];

function labelWidth(report: ScaleReport): number {
  return Math.max(8, ...report.endpoints.map((endpoint) => endpoint.label.length));
}

function upstreamFigure(endpoint: EndpointOutcome, scale: MeasuredScale): Figure | undefined {
  return endpoint.upstream ? UPSTREAM_FIGURES[endpoint.upstream][scale] : undefined;
}

function meetsTarget(ours: LoadResult, upstream: Figure): boolean {
  return ours.requestsPerSecond >= upstream.requestsPerSecond && ours.p99 <= upstream.p99 && ours.errors + ours.non2xx === 0;
}
