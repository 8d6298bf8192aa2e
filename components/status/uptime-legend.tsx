import { COMPONENT_STATUS_LABEL } from "@/lib/status/labels";
import { COMPONENT_STATUSES } from "@/lib/status/vocabulary";
import { COMPONENT_STATUS_TONE, TONE_FILL } from "./tone";

const STRIPES = { backgroundImage: "repeating-linear-gradient(135deg, rgb(255 255 255 / 0.45) 0 2px, transparent 2px 5px)" };

/** What the day cells mean; striping marks every day that was not fully operational. */
export function UptimeLegend() {
  return (
    <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-600 dark:text-slate-400">
      <span className="font-medium">Each cell is one day, coloured by its worst status:</span>
      {COMPONENT_STATUSES.map((status) => (
        <span key={status} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block h-3.5 w-2 rounded-[2px] ${TONE_FILL[COMPONENT_STATUS_TONE[status]]}`} style={status === "operational" ? undefined : STRIPES} />
          {COMPONENT_STATUS_LABEL[status]}
        </span>
      ))}
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block h-3.5 w-2 rounded-[2px] ${TONE_FILL.neutral}`} />
        No data
      </span>
    </div>
  );
}
