import type { ReactNode } from "react";
import { StatusIcon } from "@/components/status/status-icon";
import type { Tone } from "@/components/status/tone";
import { TONE_PANEL } from "@/components/status/tone";

/** A boxed remark with an icon; `role` is for errors that must be announced. */
export function Callout({ tone, title, children, role }: { tone: Tone; title: string; children?: ReactNode; role?: "alert" | "status" }) {
  return (
    <div role={role} className={`flex gap-3 rounded-lg border-l-4 px-4 py-3 text-sm ${TONE_PANEL[tone]}`}>
      <StatusIcon tone={tone} className="mt-0.5 size-4" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
