import { LocalTime } from "@/components/time/local-time";
import { StatusIcon } from "./status-icon";
import type { Tone } from "./tone";
import { TONE_PANEL } from "./tone";

/** The page's one-line answer: is the network healthy? Colour, icon and the rollup's own words. */
export function OverallBanner({ tone, description, checkedAt }: { tone: Tone; description: string; checkedAt: string }) {
  return (
    <section aria-labelledby="overall-status" className={`rounded-xl border-l-4 px-4 py-4 sm:px-6 sm:py-5 ${TONE_PANEL[tone]}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <StatusIcon tone={tone} className="size-8" />
        <h2 id="overall-status" className="flex-1 text-xl font-semibold sm:text-2xl" aria-live="polite">
          {description}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Checked <LocalTime iso={checkedAt} clockOnly /> · refreshes every 30 s
        </p>
      </div>
    </section>
  );
}
