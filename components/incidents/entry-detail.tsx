import type { ReactNode } from "react";
import { AutoRefresh } from "@/components/site/auto-refresh";
import { BackLink } from "@/components/site/back-link";
import { PageSection } from "@/components/site/page-section";
import { TimeZoneNote } from "@/components/time/time-zone-note";
import type { ListedComponent } from "@/lib/pages/incident-detail";
import type { IncidentUpdate } from "@/lib/status/model";
import { IncidentFacts } from "./incident-facts";
import { ListedComponents } from "./listed-components";
import { UpdateTimeline } from "./update-timeline";

type Props = {
  name: string;
  /** The status label under the name. */
  label: ReactNode;
  facts: readonly { term: string; detail: ReactNode }[];
  components: readonly ListedComponent[];
  updates: readonly IncidentUpdate[];
  /** Whether the entry can still change, so the page refreshes itself. */
  live: boolean;
};

/** The page of one incident or maintenance: name, label, facts, affected components and updates. */
export function EntryDetail({ name, label, facts, components, updates, live }: Props) {
  return (
    <article className="space-y-8">
      {live && <AutoRefresh />}
      <div className="space-y-3">
        <BackLink href="/history">Incident history</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{name}</h1>
        {label}
      </div>
      <IncidentFacts facts={facts} />
      <PageSection id="affected" title="Affected components">
        <ListedComponents components={components} />
      </PageSection>
      <PageSection id="updates" title="Updates" aside={<TimeZoneNote />}>
        <UpdateTimeline updates={updates} />
      </PageSection>
    </article>
  );
}
