import { afterAll, beforeAll } from "vitest";
import { startSmtpSink, startWebhookReceiver } from "./receivers";

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Test-only: a suite's SMTP sink and webhook receiver, each on a port the
 * system picks (so suites and test runs side by side never collide),
 * started while the module loads (beside the database setup) and closed
 * after the suite. Read them from tests and hooks, once started.
 */
export function suiteReceivers(): { readonly smtp: SmtpSink; readonly webhook: WebhookReceiver } {
  const starting = Promise.all([startSmtpSink(), startWebhookReceiver()]);
  // Failing to start fails the suite in beforeAll, not as an unhandled rejection before it.
  starting.catch(() => {});
  let started: readonly [SmtpSink, WebhookReceiver] | undefined;
  beforeAll(async () => {
    started = await starting;
  });
  afterAll(async () => {
    if (started) await Promise.all(started.map((server) => server.close()));
  });
  const running = () => {
    if (!started) throw new Error("suiteReceivers: read before the suite started them");
    return started;
  };
  return {
    get smtp() {
      return running()[0];
    },
    get webhook() {
      return running()[1];
    },
  };
}
