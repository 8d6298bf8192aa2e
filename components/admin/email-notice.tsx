import { Callout } from "@/components/ui/callout";

/** Said wherever email matters while this instance has no SMTP server: subscribers would otherwise wait for mail that only reaches the log. */
export function EmailNotConfigured() {
  return (
    <Callout tone="minor" title="Email not configured">
      <p>
        <code className="font-mono">SMTP_URL</code> is not set on this server: confirmation and notification emails are written to the log, not sent.
        Webhooks are delivered as usual.
      </p>
    </Callout>
  );
}
