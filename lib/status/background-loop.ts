import { log } from "@/lib/http/log";

export type BackgroundLoop = {
  /** Runs the next pass now, or right after the one running. */
  wake(): void;
  stop(): void;
};

/**
 * A server process's background work (the status scheduler, the
 * notification worker, the monitors' scheduler): runs `pass` on the next turn, then
 * again after the milliseconds it answers, never two passes at a time. A
 * failed pass is logged under `name` and retried after `retryMs`. The timer
 * does not keep the process alive.
 */
export function startBackgroundLoop(name: string, retryMs: number, pass: () => Promise<number>): BackgroundLoop {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  // A wake during a pass may come after the pass looked for work: the next pass follows at once.
  let woken = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref?.();
  };
  async function tick(): Promise<void> {
    if (stopped || running) return;
    running = true;
    woken = false;
    let sleep = retryMs;
    try {
      sleep = await pass();
    } catch (error) {
      log.error(`${name} failed`, { error: error instanceof Error ? error.message : String(error) });
    }
    running = false;
    schedule(woken ? 0 : sleep);
  }
  // The first pass on the next turn: `pass` may use the loop this returns.
  schedule(0);
  return {
    wake() {
      woken = true;
      if (!running) schedule(0);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
