import { afterAll, beforeAll } from "vitest";
import { startSmtpSink, startWebhookReceiver } from "./receivers";

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Test-only: a suite's SMTP sink and webhook receiver on the suite's own
 * ports, started while the module loads (beside the database setup) and
 * closed after the suite. Read them from tests and hooks, once started.
 */
export function suiteReceivers(ports: { smtp: number; webhook: number }): { readonly smtp: SmtpSink; readonly webhook: WebhookReceiver } {
  const starting = Promise.all([startSmtpSink(ports.smtp), startWebhookReceiver(ports.webhook)]);
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
