import type { ReactNode } from "react";
import type { Tone } from "./tone";
import { TONE_TEXT } from "./tone";

/** One shape per tone, so the tones differ in form as well as colour. Decorative: a text label always goes with it. */
const SHAPES: Record<Tone, ReactNode> = {
  ok: (
    <>
      <circle cx="10" cy="10" r="8" fill="currentColor" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  minor: (
    <>
      <circle cx="10" cy="10" r="8" fill="currentColor" />
      <path d="M6 10h8" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
  major: (
    <>
      <path d="M10 2.2L18.6 17H1.4z" fill="currentColor" strokeLinejoin="round" stroke="currentColor" strokeWidth="1.2" />
      <path d="M10 7.5v4.2" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14.3" r="1.1" fill="white" />
    </>
  ),
  critical: (
    <>
      <path d="M6.7 2h6.6L18 6.7v6.6L13.3 18H6.7L2 13.3V6.7z" fill="currentColor" />
      <path d="M7 7l6 6M13 7l-6 6" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  maintenance: (
    <>
      <circle cx="10" cy="10" r="8" fill="currentColor" />
      <path d="M10 5.5V10l3 2" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  neutral: (
    <>
      <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="10" cy="10" r="1.5" fill="currentColor" />
    </>
  ),
};

export function StatusIcon({ tone, className = "size-5" }: { tone: Tone; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={`shrink-0 ${TONE_TEXT[tone]} ${className}`}>
      {SHAPES[tone]}
    </svg>
  );
}
