import { formatRatio, middleOf, passRatios, type LoadResult } from "@/lib/bench/http-load";
import type { BufferUse } from "./plans";
import { UPSTREAM_FIGURES, type Figure, type MeasuredScale, type UpstreamEndpoint } from "./upstream-figures";

export type EndpointOutcome = {
  label: string;
  upstream?: UpstreamEndpoint;
  reference?: boolean;
  /** Served from our response cache (`hits`) or mostly past it (`misses`): BenchEndpoint.cache. */
  cache?: "hits" | "misses";
  /** Why it was not measured (its route answers 404, …). */
  skipped?: string;
  result?: LoadResult;
  /** PostgreSQL buffer pool use per request served from the database (bufferUse). */
  buffers?: BufferUse;
};

/** Another mirror REST server measured in the same passes on the same database: its outcomes by endpoint, in our order. */
export type ReferenceRun = { url: string; trivialPath: string; endpoints: EndpointOutcome[] };

export type ScaleReport = { scale: string; comparedWith: MeasuredScale; database: string; endpoints: EndpointOutcome[]; reference?: ReferenceRun };

const cell = (text: string, width: number) => text.padStart(width);
const number = (value: number | undefined, digits = 0) => (value === undefined ? "–" : value.toFixed(digits));
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const CACHE_HITS_NOTE = "from our response cache";

/**
 * Our req/s, p50 and p99 per endpoint with its share of the trivial route
 * (pass by pass: the median and range), the server's CPU time per request
 * (its processes' user + system time over the requests of a pass, the
 * median), and what the machine read from its disks per request. Without a reference run, upstream's figures from
 * upstream-perf.md follow for orientation: another day of a machine whose
 * speed varies from day to day, so raw figures, never a ratio. With one,
 * formatReference compares instead.
 */
export function formatScale(report: ScaleReport): string {
  const width = labelWidth(report);
  const trivial = report.endpoints.find((endpoint) => endpoint.reference)?.result;
  const withUpstream = !report.reference;
  const header = [
    "endpoint".padEnd(width),
    cell("req/s", 8),
    cell("p50", 6),
    cell("p99", 6),
    cell("of trivial (passes)", 20),
    cell("CPU ms/req", 11),
    cell("disk KiB/req", 13),
    ...(withUpstream ? [cell("upstream", 9), cell("p50", 6), cell("p99", 6)] : []),
    "  note",
  ].join(" ");
  const rows = report.endpoints.map((endpoint) => {
    const ours = endpoint.result;
    if (!ours) return `${endpoint.label.padEnd(width)} skipped: ${endpoint.skipped}`;
    const upstream = upstreamFigure(endpoint, report.comparedWith);
    const failed = ours.errors + ours.non2xx;
    const notes = [endpoint.cache === "hits" ? CACHE_HITS_NOTE : "", failed > 0 ? `${failed} failed responses` : ""].filter(Boolean);
    return [
      endpoint.label.padEnd(width),
      cell(number(ours.requestsPerSecond), 8),
      cell(number(ours.p50, 1), 6),
      cell(number(ours.p99, 1), 6),
      cell(trivial ? formatRatio(passRatios(ours, trivial), percent) : "–", 20),
      cell(number(ours.cpuMsPerRequest, 3), 11),
      cell(number(ours.diskKiBPerRequest, 1), 13),
      ...(withUpstream ? [cell(number(upstream?.requestsPerSecond), 9), cell(number(upstream?.p50, 1), 6), cell(number(upstream?.p99, 1), 6)] : []),
      notes.length > 0 ? `  ${notes.join("; ")}` : "",
    ]
      .join(" ")
      .trimEnd();
  });
  return [header, ...rows].join("\n");
}

/**
 * Ours against the reference server per endpoint, both measured in the same
 * passes (back to back, the order reversed every other pass) with the same
 * random ids: each one's req/s and p99, and ours ÷ reference pass by pass,
 * the median with its range. A ratio's range shows how far a pass's drift
 * moved it; the trivial routes' ratio is that of two servers' frameworks.
 * Lists served from our response cache are marked: against a reference that
 * does not cache, the `(misses)` rows are the fair comparison.
 */
export function formatReference(report: ScaleReport): string {
  const reference = report.reference;
  if (!reference) return "";
  const width = labelWidth(report);
  const header = [
    "endpoint".padEnd(width),
    cell("ours req/s", 11),
    cell("p99", 6),
    cell("ref req/s", 10),
    cell("p99", 6),
    cell("ours ÷ ref (passes)", 22),
    "  note",
  ].join(" ");
  const rows = report.endpoints.map((endpoint, at) => {
    const ours = endpoint.result;
    const theirs = reference.endpoints[at]?.result;
    const notes = [
      endpoint.reference ? `reference at ${reference.trivialPath}` : "",
      endpoint.cache === "hits" ? `ours ${CACHE_HITS_NOTE}: fair only against a reference that caches too` : "",
      ours ? "" : `ours skipped: ${endpoint.skipped}`,
      theirs ? "" : `reference skipped: ${reference.endpoints[at]?.skipped ?? "not measured"}`,
    ].filter(Boolean);
    return [
      endpoint.label.padEnd(width),
      cell(number(ours?.requestsPerSecond), 11),
      cell(number(ours?.p99, 1), 6),
      cell(number(theirs?.requestsPerSecond), 10),
      cell(number(theirs?.p99, 1), 6),
      cell(ours && theirs ? formatRatio(passRatios(ours, theirs)) : "–", 22),
      notes.length > 0 ? `  ${notes.join("; ")}` : "",
    ]
      .join(" ")
      .trimEnd();
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
    const changes = passRatios(after, before).map((ratio) => (ratio - 1) * 100);
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

const SCALING_HEADERS = ["req/s Δ", "passes' Δ", "SMALL p99", "LARGE p99", "SMALL disk", "LARGE disk", "SMALL buf (miss)", "LARGE buf (miss)"];
const SCALING_WIDTHS = [8, 12, 10, 10, 11, 11, 17, 17];

function labelWidth(report: ScaleReport): number {
  return Math.max(8, ...report.endpoints.map((endpoint) => endpoint.label.length));
}

function upstreamFigure(endpoint: EndpointOutcome, scale: MeasuredScale): Figure | undefined {
  return endpoint.upstream ? UPSTREAM_FIGURES[endpoint.upstream][scale] : undefined;
}

