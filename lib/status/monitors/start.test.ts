import { expect, it } from "vitest";
import { monitorConcurrency } from "./start";

it("MONITOR_CONCURRENCY: a whole number, 0 for an instance that runs no checks, else the default", () => {
  expect(["0", "1", "64", " 8 "].map(monitorConcurrency)).toEqual([0, 1, 64, 8]);
  expect([undefined, "", "-1", "2.5", "many"].map(monitorConcurrency)).toEqual([32, 32, 32, 32, 32]);
});
