import { StatusIcon } from "./status-icon";
import type { Tone } from "./tone";
import { TONE_TEXT } from "./tone";

/** Icon and words for a status, in the status colour. */
export function StatusLabel({ tone, label, className = "" }: { tone: Tone; label: string; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 font-medium ${TONE_TEXT[tone]} ${className}`}>
      <StatusIcon tone={tone} className="size-4" />
      {label}
    </span>
  );
}
