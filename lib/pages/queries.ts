import { useQuery } from "@tanstack/react-query";
import { REFRESH_MS } from "./refresh";
import type { SummaryDocument } from "./summary";

export const summaryQueryKey = ["api", "v2", "summary.json"] as const;

async function fetchSummary(): Promise<SummaryDocument> {
  const response = await fetch("/api/v2/summary.json", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`summary.json answered ${response.status}`);
  return (await response.json()) as SummaryDocument;
}

/**
 * The live summary, seeded with the document the server rendered (so the
 * first paint and hydration agree) and refreshed every 30 s while the tab is
 * visible. A failed refresh keeps the last good document on screen.
 */
export function useSummary(initial: SummaryDocument, renderedAt: number) {
  return useQuery({
    queryKey: summaryQueryKey,
    queryFn: fetchSummary,
    initialData: initial,
    initialDataUpdatedAt: renderedAt,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
}
