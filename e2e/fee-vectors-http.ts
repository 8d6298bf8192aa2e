import { expect, type APIRequestContext } from "@playwright/test";
import { parseJsonExact } from "../lib/http/json";
import { expectedErrorBody, type HttpVector } from "../lib/fees/testing/fee-vectors";

/** Sends one fee vector to a running server over HTTP and checks the answer exactly. */
export async function expectVectorOverHttp(request: APIRequestContext, baseUrl: string, vector: HttpVector): Promise<void> {
  const headers: Record<string, string> = {};
  if (vector.request.content_type) headers["content-type"] = vector.request.content_type;
  const response = await request.post(`${baseUrl}/api/v1/network/fees${vector.request.query}`, {
    headers,
    data: vector.request.body_hex === null ? Buffer.alloc(0) : Buffer.from(vector.request.body_hex, "hex"),
  });
  const json = parseJsonExact(await response.text());
  if ("json" in vector.expected) {
    expect(response.status(), vector.id).toBe(200);
    expect(json, vector.id).toEqual(vector.expected.json);
  } else {
    expect(response.status(), vector.id).toBe(Number(vector.expected.status));
    expect(json, vector.id).toStrictEqual(expectedErrorBody(vector, "http"));
  }
}
