import { LIFECYCLE_STATUS_LABEL } from "./labels";
import type { Incident } from "./model";
import { newestFirst } from "./serialize";
import { feedStamp } from "./time";
import { bodyToHtml } from "./xml";

/** An update that keeps the previous status reads "Update". */
const SAME_STATUS_LABEL = "Update";

/**
 * The whole update trail of an incident as the HTML Statuspage puts in a
 * feed entry, newest first: one `<p>` per update with its page-local stamp
 * (the `<var data-var>` hooks let readers re-localize it), label and body.
 */
export function updateTrailHtml(incident: Incident, timeZone: string): string {
  const updates = newestFirst(incident.updates);
  return updates
    .map((update, index) => {
      const previous = updates[index + 1];
      const label = previous && previous.status === update.status ? SAME_STATUS_LABEL : LIFECYCLE_STATUS_LABEL[update.status];
      const stamp = feedStamp(update.displayAt, timeZone);
      return (
        `<p><small>${stamp.month} <var data-var='date'>${stamp.day}</var>, ` +
        `<var data-var='time'>${stamp.time}</var> ${stamp.zone}</small><br>` +
        `<strong>${label}</strong> - ${bodyToHtml(update.body)}</p>`
      );
    })
    .join("");
}
