import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { seedStatus } from "@/lib/seed/status";
import { createMeasurementsHandler } from "./measurements-api";
import { statusHarness } from "./testing/harness";

/** Not on a minute or hour boundary, so the newest buckets are partial as they are in life. */
const NOW = new Date("2026-11-25T12:34:56.000Z");

type Document = {
  page: { id: string; time_zone: string };
  range: string;
  bucket_seconds: number;
  components: {
    id: string;
    name: string;
    status: string;
    status_source: string;
    measured_status: string;
    monitors: {
      id: string;
      name: string;
      type: string;
      interval_seconds: number;
      last_check: { at: string; ok: boolean; latency_ms: number; message: string } | null;
      series: { at: string; p50: number | null; p95: number | null; p99: number | null; checks: number; failures: number }[];
    }[];
  }[];
};

forEachDatabase((getDb) => {
  const h = statusHarness(getDb, NOW);
  const handler = createMeasurementsHandler({ getDb: async () => getDb(), clock: h.now });
  const get = (query = "", headers: Record<string, string> = {}) => h.call(handler, { path: `/api/v2/monitors.json${query}`, headers });

  describe("GET /api/v2/monitors.json", () => {
    it("answers 404 before a status page exists", async () => {
      expect((await get()).status).toBe(404);
    });

    describe("on the demo page", () => {
      beforeAll(async () => {
        await h.createPage();
        await seedStatus(getDb(), NOW);
      });

      it("lists each monitored component with its monitors, last checks and the day's series", async () => {
        const response = await get();
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(response.headers.get("access-control-allow-origin")).toBe("*");
        expect(response.headers.get("cache-control")).toBe("public, max-age=5");
        const document = (await response.json()) as Document;
        expect(document.range).toBe("24h");
        expect(document.bucket_seconds).toBe(600);
        expect(document.components.map((component) => [component.name, component.status_source, component.monitors.map((monitor) => monitor.type)])).toEqual([
          ["Consensus", "manual", ["ledger-freshness"]],
          ["Mirror Node REST API", "measured", ["mirror-api"]],
          ["Fee Estimation", "measured", ["fee-estimate"]],
        ]);
        // From the raw checks: ten checks a bucket spread their percentiles, which averaged minutes could not.
        const mirror = document.components[1]!.monitors[0]!;
        expect(mirror.series.some((bucket) => bucket.p95! > bucket.p50!)).toBe(true);
        for (const monitor of document.components.flatMap((component) => component.monitors)) {
          expect(monitor.series).toHaveLength(144);
          // Every 10-minute bucket of the day holds checks: the freshness monitor's 40, the others' 10 (the newest one fewer, as it is young).
          const full = monitor.interval_seconds === 15 ? 40 : 10;
          expect(monitor.series.slice(0, -1).every((bucket) => bucket.checks === full && bucket.p50 !== null)).toBe(true);
          expect(monitor.series.at(-1)!.checks).toBeGreaterThan(0);
          expect(Date.parse(monitor.series.at(-1)!.at)).toBe(Date.parse("2026-11-25T12:30:00Z"));
          // The newest check is the one at or just before the clock, on the monitor's interval.
          expect(NOW.getTime() - Date.parse(monitor.last_check!.at)).toBeLessThan(monitor.interval_seconds * 1000);
          expect(monitor.last_check!.ok).toBe(true);
        }
      });

      it("serves the week and the 90 days from the hourly aggregates, the mirror API's outage included", async () => {
        const week = (await (await get("?range=7d")).json()) as Document;
        const mirror = week.components.find((component) => component.name === "Mirror Node REST API")!.monitors[0]!;
        expect(week.bucket_seconds).toBe(3600);
        expect(mirror.series).toHaveLength(168);
        expect(mirror.series.reduce((sum, bucket) => sum + bucket.failures, 0)).toBe(20);
        expect(mirror.series.filter((bucket) => bucket.checks > 0)).toHaveLength(168);

        const quarter = (await (await get("?range=90d")).json()) as Document;
        const series = quarter.components[1]!.monitors[0]!.series;
        expect(series).toHaveLength(90);
        // A week of history: the 8 newest days (the first one partial) hold checks.
        expect(series.filter((bucket) => bucket.checks > 0)).toHaveLength(8);
        expect(series.reduce((sum, bucket) => sum + bucket.checks, 0)).toBe(7 * 1440 + 1);
      });

      it("answers a strong ETag, and 304 when it still matches", async () => {
        const first = await get("?range=7d");
        const etag = first.headers.get("etag")!;
        expect(etag).toMatch(/^"[\w-]+"$/);
        const again = await get("?range=7d", { "if-none-match": etag });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
        expect((await get("?range=24h", { "if-none-match": etag })).status).toBe(200);
      });

      it("refuses a range it does not serve, in the mirror's error envelope", async () => {
        const response = await get("?range=1y");
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ _status: { messages: [{ message: "Invalid parameter: range", detail: "one of 24h, 7d, 90d", data: null }] } });
      });
    });
  });
});
