import { ApiError } from "@/lib/http/errors";
import { publicApi } from "@/lib/status/public-routes";
import type { SummaryDocument } from "./summary";

/**
 * summary.json exactly as `/api/v2/summary.json` serves it, read in process
 * through the same handler and its view cache, so the server-rendered page
 * and the browser's 30-second refresh start from one document. Null while
 * no status page has been set up (an empty PostgreSQL database, say).
 */
export async function readSummary(): Promise<SummaryDocument | null> {
  let response: Response;
  try {
    response = await publicApi.getSummary(new Request("http://status.internal/api/v2/summary.json"), { params: Promise.resolve({}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  if (!response.ok) throw new Error(`summary.json answered ${response.status}`);
  return (await response.json()) as SummaryDocument;
}
