import { createTransport } from "nodemailer";
import { log } from "@/lib/http/log";
import { LIFECYCLE_STATUS_LABEL } from "../labels";
import type { LifecycleStatus } from "../model";
import { bodyToHtml, escapeXml } from "../xml";
import { subscriptionLinks } from "./links";
import type { ClaimedDelivery } from "./queries";
import { IDEMPOTENCY_HEADER } from "./signature";

export type EmailMessage = { from: string; to: string; subject: string; text: string; html: string; headers: Record<string, string> };
/** Sends one message; throws when the server refuses it. */
export type Mailer = (message: EmailMessage) => Promise<void>;

const SUBJECT_PREFIX: Record<string, string> = {
  "incident.created": "New incident",
  "incident.updated": "Incident update",
  "incident.resolved": "Resolved",
  "maintenance.scheduled": "Scheduled maintenance",
  "maintenance.reminder": "Maintenance starts in 1 hour",
  "maintenance.started": "Maintenance in progress",
  "maintenance.updated": "Maintenance update",
  "maintenance.completed": "Maintenance completed",
};

/** The part of the manage-API incident snapshot an email shows. */
type IncidentSnapshot = {
  name: string;
  shortlink: string;
  incident_updates: { status: LifecycleStatus; body: string; display_at: string; affected_components: { name: string; new_status: string }[] | null }[];
};

/**
 * The email of a delivery: a confirmation request, or an incident or
 * maintenance notice showing its latest update. Every message has the
 * manage link and RFC 8058 one-click unsubscribe headers.
 */
export function emailMessage(delivery: ClaimedDelivery, from: string): EmailMessage {
  const links = subscriptionLinks(delivery.page_url, delivery);
  const headers = {
    "List-Unsubscribe": `<${links.unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    [IDEMPOTENCY_HEADER]: delivery.idempotency_key,
  };
  // The body links to the manage page (a browser's GET); only the header's one-click URL unsubscribes, by POST.
  const footerText = `Manage your subscription or unsubscribe: ${links.manage}`;
  const footerHtml = `<p style="color:#6b7280;font-size:12px"><a href="${escapeXml(links.manage)}">Manage your subscription or unsubscribe</a></p>`;
  const page = delivery.page_name;
  if (delivery.kind === "subscriber.confirmation") {
    const intro = `Please confirm your subscription to ${page} status updates.`;
    return {
      from,
      to: delivery.email!,
      subject: `Confirm your subscription to ${page}`,
      text: `${intro}\n\nConfirm: ${links.confirm}\n\nIf you did not ask for this, ignore this message.\n\n${footerText}\n`,
      html: layout(page, `<p>${escapeXml(intro)}</p><p><a href="${escapeXml(links.confirm)}" style="${BUTTON}">Confirm subscription</a></p><p>If you did not ask for this, ignore this message.</p>${footerHtml}`),
      headers,
    };
  }
  const incident = delivery.data.incident as IncidentSnapshot;
  const latest = incident.incident_updates[0];
  const status = latest ? LIFECYCLE_STATUS_LABEL[latest.status] : "";
  const components = latest?.affected_components?.map((component) => `${component.name}: ${component.new_status.replaceAll("_", " ")}`) ?? [];
  const subject = `[${page}] ${SUBJECT_PREFIX[delivery.kind] ?? "Update"}: ${incident.name}`;
  const text = [
    incident.name,
    "",
    `${status} - ${latest?.body ?? ""}`,
    latest ? `(${latest.display_at})` : "",
    ...(components.length > 0 ? ["", "Affected components:", ...components.map((line) => `- ${line}`)] : []),
    "",
    `Details: ${incident.shortlink}`,
    "",
    footerText,
  ].join("\n");
  const html = layout(
    page,
    `<h2 style="margin:0 0 12px;font-size:18px">${escapeXml(incident.name)}</h2>` +
      `<p><strong>${escapeXml(status)}</strong> - ${bodyToHtml(latest?.body ?? "")}</p>` +
      (latest ? `<p style="color:#6b7280;font-size:12px">${escapeXml(latest.display_at)}</p>` : "") +
      (components.length > 0 ? `<ul>${components.map((line) => `<li>${escapeXml(line)}</li>`).join("")}</ul>` : "") +
      `<p><a href="${escapeXml(incident.shortlink)}" style="${BUTTON}">View details</a></p>${footerHtml}`,
  );
  return { from, to: delivery.email!, subject, text: `${text}\n`, html, headers };
}

const BUTTON = "display:inline-block;padding:8px 16px;background:#1f2937;color:#ffffff;text-decoration:none;border-radius:4px";

/** A single-column body with inline styles, which mail clients render as written. */
function layout(page: string, content: string): string {
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:6px">` +
    `<p style="margin:0 0 16px;font-weight:bold">${escapeXml(page)}</p>${content}</div></body></html>`;
}

/** SMTP when `SMTP_URL` is set; otherwise the message goes to the log, so nothing fails for want of a server. */
export function mailerFromEnv(env: Record<string, string | undefined> = process.env): Mailer {
  const url = env.SMTP_URL?.trim();
  if (!url) {
    return async (message) => log.info("email not configured (SMTP_URL unset): message logged", { to: message.to, subject: message.subject, text: message.text });
  }
  const transport = createTransport(url);
  return async (message) => {
    await transport.sendMail(message);
  };
}

/** The sender: `SMTP_FROM`, else a no-reply address at the page's host. */
export function senderFor(pageUrl: string, pageName: string, env: Record<string, string | undefined> = process.env): string {
  return env.SMTP_FROM?.trim() || `"${pageName.replaceAll('"', "")}" <no-reply@${new URL(pageUrl).hostname}>`;
}
