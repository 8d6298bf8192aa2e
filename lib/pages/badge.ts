import type { ComponentStatus, Indicator } from "@/lib/status/vocabulary";

export type BadgeTone = "ok" | "minor" | "major" | "critical" | "maintenance" | "unknown";

/** Fill and text colour per tone; dark text on yellow, where white would be unreadable. */
const COLOURS: Record<BadgeTone, { fill: string; text: string }> = {
  ok: { fill: "#1a7f37", text: "#ffffff" },
  minor: { fill: "#dfb317", text: "#1f2328" },
  major: { fill: "#d9480f", text: "#ffffff" },
  critical: { fill: "#cf222e", text: "#ffffff" },
  maintenance: { fill: "#0969da", text: "#ffffff" },
  unknown: { fill: "#6e7781", text: "#ffffff" },
};

export const INDICATOR_BADGE: Record<Indicator, BadgeTone> = { none: "ok", minor: "minor", major: "major", critical: "critical" };

export const COMPONENT_BADGE: Record<ComponentStatus, { tone: BadgeTone; message: string }> = {
  operational: { tone: "ok", message: "operational" },
  under_maintenance: { tone: "maintenance", message: "under maintenance" },
  degraded_performance: { tone: "minor", message: "degraded performance" },
  partial_outage: { tone: "major", message: "partial outage" },
  major_outage: { tone: "critical", message: "major outage" },
};

/** Verdana 11 px advance widths, roughly; `textLength` makes the glyphs fit whatever font renders them. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/[ijlI.,:;'|!]/.test(char)) width += 3.5;
    else if (/[mwMW]/.test(char)) width += 10;
    else if (/[A-Z]/.test(char)) width += 7.5;
    else if (char === " ") width += 3.9;
    else width += 6.6;
  }
  return Math.ceil(width);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A shields.io-style flat badge: `label | message`, the message coloured by tone. */
export function renderBadge(label: string, message: string, tone: BadgeTone): string {
  const left = textWidth(label) + 12;
  const right = textWidth(message) + 12;
  const width = left + right;
  const { fill, text } = COLOURS[tone];
  const title = escape(`${label}: ${message}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}" viewBox="0 0 ${width} 20">
<title>${title}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${fill}"/><rect width="${width}" height="20" fill="url(#s)"/></g>
<g text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${left / 2}" y="14" fill="#ffffff" textLength="${left - 12}" lengthAdjust="spacingAndGlyphs">${escape(label)}</text>
<text x="${left + right / 2}" y="14" fill="${text}" textLength="${right - 12}" lengthAdjust="spacingAndGlyphs">${escape(message)}</text>
</g>
</svg>
`;
}
