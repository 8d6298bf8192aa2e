import { expect, it } from "vitest";
import { startBackgroundLoop } from "./background-loop";

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

it("runs a pass, again after the sleep it answers, at once when woken during a pass, and never two at a time", async () => {
  let passes = 0;
  let concurrent = 0;
  let release: () => void = () => {};
  const loop = startBackgroundLoop("test loop", 60_000, async () => {
    passes++;
    concurrent++;
    expect(concurrent).toBe(1);
    if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
    concurrent--;
    return 60_000;
  });
  await tick(5);
  expect(passes).toBe(1);
  loop.wake();
  loop.wake();
  release();
  await tick(5);
  expect(passes).toBe(2);
  loop.wake();
  await tick(5);
  expect(passes).toBe(3);
  loop.stop();
  loop.wake();
  await tick(5);
  expect(passes).toBe(3);
});

it("retries a failed pass after retryMs", async () => {
  let passes = 0;
  const loop = startBackgroundLoop("test loop", 5, async () => {
    passes++;
    if (passes === 1) throw new Error("database away");
    return 60_000;
  });
  await tick(40);
  loop.stop();
  expect(passes).toBe(2);
});
