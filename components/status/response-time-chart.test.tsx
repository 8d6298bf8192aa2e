import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LatencyBucket, LatencySeries } from "@/lib/pages/response-time-chart";
import { chartGeometry, PLOT } from "@/lib/pages/response-time-chart";
import { ResponseTimeChart } from "./response-time-chart";

const END = new Date("2026-11-24T12:00:00Z");
const HALF_HOUR = 30 * 60_000;

/** 48 half-hour buckets: latency rising 10 ms a bucket; bucket 10 all failed, bucket 20 one failure, bucket 30 no checks. */
function series(): LatencySeries {
  const buckets: LatencyBucket[] = Array.from({ length: 48 }, (_, index) => {
    const at = new Date(END.getTime() - (48 - index) * HALF_HOUR);
    if (index === 10) return { at, p50: null, p95: null, p99: null, checks: 30, failures: 30 };
    if (index === 30) return { at, p50: null, p95: null, p99: null, checks: 0, failures: 0 };
    return { at, p50: 20 + index * 10, p95: 40 + index * 10, p99: 60 + index * 10, checks: 30, failures: index === 20 ? 1 : 0 };
  });
  return { range: "24h", end: END, bucketMs: HALF_HOUR, buckets };
}

const markup = () => renderToStaticMarkup(<ResponseTimeChart id="chart-mirror" name="Mirror API" series={series()} timeZone="UTC" />);

describe("ResponseTimeChart", () => {
  it("names the chart for assistive technology: a titled, described image", () => {
    const html = markup();
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="chart-mirror-title"');
    expect(html).toContain('aria-describedby="chart-mirror-desc"');
    expect(html).toContain('<title id="chart-mirror-title">Response time of Mirror API, last 24 hours</title>');
    // 47 buckets with checks × 30, minus the empty one; 31 failures; the highest p95 is bucket 47's.
    expect(html).toContain('<desc id="chart-mirror-desc">1,410 checks in the last 24 hours, 31 failed; highest p95 510 ms.</desc>');
  });

  it("draws each percentile as a line broken where no check succeeded", () => {
    const html = markup();
    const paths = [...html.matchAll(/<path d="([^"]*)"/g)].map((match) => match[1]!);
    expect(paths).toHaveLength(3);
    for (const path of paths) {
      // Three runs: buckets 0–9, 11–29, 31–47.
      expect(path.match(/M/g)).toHaveLength(3);
      expect(path.match(/[ML]/g)).toHaveLength(46);
    }
    // Bucket 0's p50 (20 ms) sits at the first bucket's centre, on a 0–1 s axis (p99 reaches 530 ms).
    const plotWidth = PLOT.right - PLOT.left;
    const x = Math.round((PLOT.left + plotWidth / 96) * 10) / 10;
    const y = Math.round((PLOT.bottom - (20 / 1000) * (PLOT.bottom - PLOT.top)) * 10) / 10;
    expect(paths[0]!.startsWith(`M${x} ${y}`)).toBe(true);
  });

  it("labels the axes: round latency steps and every 6 hours of the zone's clock", () => {
    const html = markup();
    const labels = [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(labels).toEqual(["0 ms", "500 ms", "1.0 s", "18:00", "00:00", "06:00"]);
    const geometry = chartGeometry(series(), "Asia/Kolkata");
    // UTC+5:30: the range 12:00Z–12:00Z runs 17:30–17:30 local; 18:00, 00:00, 06:00 and 12:00 fall inside.
    expect(geometry.xTicks.map((tick) => tick.label)).toEqual(["18:00", "00:00", "06:00", "12:00"]);
  });

  it("gives every bucket a tooltip and marks the buckets with failed checks", () => {
    const html = markup();
    const titles = [...html.matchAll(/<rect[^>]*><title>([^<]*)<\/title><\/rect>/g)].map((match) => match[1]);
    expect(titles).toHaveLength(48);
    expect(titles[0]).toBe("Nov 23, 12:00–12:30: p50 20 ms, p95 40 ms, p99 60 ms; 30 checks, 0 failed");
    expect(titles[10]).toBe("Nov 23, 17:00–17:30: no successful check; 30 checks, 30 failed");
    expect(titles[30]).toBe("Nov 24, 03:00–03:30: no checks");
    const failureMarks = html.match(/<g class="fill-red-600[^"]*">(.*?)<\/g>/)![1]!.match(/<rect /g);
    expect(failureMarks).toHaveLength(2);
  });

  it("repeats the figures in a table with a row header per period", () => {
    const html = markup();
    expect(html).toContain("<summary");
    expect(html.match(/<th scope="row"/g)).toHaveLength(48);
    expect(html).toContain("Nov 23, 12:00–12:30</th><td");
  });
});
