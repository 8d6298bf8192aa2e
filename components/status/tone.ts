import type { ComponentStatus, Impact, Indicator, MAINTENANCE_IMPACT } from "@/lib/status/vocabulary";

/**
 * Every status the pages show maps to one tone; a tone fixes the colour and
 * the icon, and the caller always prints a text label next to it, so colour
 * is never the only signal (the labels: lib/status/labels.ts).
 */
export type Tone = "ok" | "minor" | "major" | "critical" | "maintenance" | "neutral";

export const COMPONENT_STATUS_TONE: Record<ComponentStatus, Tone> = {
  operational: "ok",
  under_maintenance: "maintenance",
  degraded_performance: "minor",
  partial_outage: "major",
  major_outage: "critical",
};

export const INDICATOR_TONE: Record<Indicator, Tone> = { none: "ok", minor: "minor", major: "major", critical: "critical" };

export const IMPACT_TONE: Record<Impact | typeof MAINTENANCE_IMPACT, Tone> = { ...INDICATOR_TONE, none: "neutral", maintenance: "maintenance" };

/** Solid fills: uptime cells, dots. */
export const TONE_FILL: Record<Tone, string> = {
  ok: "bg-emerald-500 dark:bg-emerald-500",
  minor: "bg-yellow-400 dark:bg-yellow-400",
  major: "bg-orange-500 dark:bg-orange-500",
  critical: "bg-red-600 dark:bg-red-500",
  maintenance: "bg-sky-500 dark:bg-sky-400",
  neutral: "bg-slate-300 dark:bg-slate-700",
};

/** Text and icon colour with at least 4.5:1 contrast on the page background in both themes. */
export const TONE_TEXT: Record<Tone, string> = {
  ok: "text-emerald-700 dark:text-emerald-400",
  minor: "text-yellow-800 dark:text-yellow-300",
  major: "text-orange-700 dark:text-orange-400",
  critical: "text-red-700 dark:text-red-400",
  maintenance: "text-sky-700 dark:text-sky-300",
  neutral: "text-slate-600 dark:text-slate-400",
};

/** Tinted panels (banner, callouts) with a coloured edge. */
export const TONE_PANEL: Record<Tone, string> = {
  ok: "border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/50",
  minor: "border-yellow-500 bg-yellow-50 dark:border-yellow-400 dark:bg-yellow-950/40",
  major: "border-orange-600 bg-orange-50 dark:border-orange-500 dark:bg-orange-950/40",
  critical: "border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40",
  maintenance: "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950/40",
  neutral: "border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900",
};
