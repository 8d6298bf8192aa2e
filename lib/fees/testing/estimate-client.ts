import { route } from "@/lib/http/handler";
import { parseJsonExact } from "@/lib/http/json";
import { createEstimateFeesHandler } from "../estimate-handler";
import { createMemoryFeeState, type FeeStateSource } from "../state";

/** Drives the estimate handler through `route()`, as the app serves it; for tests. */
export type EstimateCall = {
  readonly query?: string;
  readonly contentType?: string | null;
  readonly body?: Uint8Array | null;
  readonly state?: FeeStateSource;
};

/** `text` is the body as sent; `json` its exact parse. */
export type EstimateReply = { readonly status: number; readonly text: string; readonly json: unknown };

export async function callEstimate(call: EstimateCall): Promise<EstimateReply> {
  const state = call.state ?? createMemoryFeeState();
  const serve = route(createEstimateFeesHandler({ state: () => state }));
  const headers: Record<string, string> = {};
  const contentType = call.contentType === undefined ? "application/protobuf" : call.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  const request = new Request(`http://x/api/v1/network/fees${call.query ?? ""}`, {
    method: "POST",
    headers,
    // A copy typed as ArrayBuffer-backed, which BodyInit requires.
    body: call.body ? Uint8Array.from(call.body) : null,
  });
  const response = await serve(request);
  const text = await response.text();
  return { status: response.status, text, json: parseJsonExact(text) };
}

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, "hex"));
}
