import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { MAX_BODY_BYTES, parseEstimateRequest } from "./request";

function request(
  query: string,
  body: BodyInit | null = Uint8Array.of(1),
  headers: Record<string, string> = { "content-type": "application/protobuf" },
) {
  return new Request(`http://x/api/v1/network/fees${query}`, { method: "POST", headers, body });
}

async function failure(pending: Promise<unknown>): Promise<{ status: number; message: string | undefined }> {
  try {
    await pending;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.messages[0]).toMatchObject({ detail: expect.any(String), data: null });
    return { status: error.status, message: error.messages[0]?.message };
  }
  throw new Error("request was accepted");
}

describe("parseEstimateRequest", () => {
  it("defaults to INTRINSIC and throttle 0", async () => {
    expect(await parseEstimateRequest(request(""))).toEqual({
      body: Uint8Array.of(1),
      mode: "INTRINSIC",
      highVolumeThrottle: 0,
    });
    expect(await parseEstimateRequest(request("?mode=&high_volume_throttle="))).toMatchObject({
      mode: "INTRINSIC",
      highVolumeThrottle: 0,
    });
  });

  it("reads mode case-insensitively, ignores unknown parameters and accepts a signed integer throttle", async () => {
    expect(await parseEstimateRequest(request("?mode=state&high_volume_throttle=%2B250&other=1"))).toMatchObject({
      mode: "STATE",
      highVolumeThrottle: 250,
    });
    expect(await parseEstimateRequest(request("?mode=Intrinsic&high_volume_throttle=10000"))).toMatchObject({
      mode: "INTRINSIC",
      highVolumeThrottle: 10_000,
    });
  });

  it.each(["application/x-protobuf", "Application/Protobuf; charset=utf-8", " application/protobuf ;q=1"])(
    "accepts content type %j",
    async (contentType) => {
      await expect(
        parseEstimateRequest(request("", Uint8Array.of(1), { "content-type": contentType })),
      ).resolves.toBeDefined();
    },
  );

  it.each([["application/json"], ["text/plain"], ["application/protobuf-x"]])(
    "answers 415 for %j",
    async (contentType) => {
      expect(
        await failure(parseEstimateRequest(request("", Uint8Array.of(1), { "content-type": contentType }))),
      ).toEqual({
        status: 415,
        message: "Invalid parameter: body",
      });
    },
  );

  it("answers 415 without a content type", async () => {
    expect(await failure(parseEstimateRequest(request("", Uint8Array.of(1), {})))).toEqual({
      status: 415,
      message: "Invalid parameter: body",
    });
  });

  it.each([
    ["?mode=fast", "mode"],
    ["?mode=%C5%BFtate", "mode"],
    ["?high_volume_throttle=abc", "high_volume_throttle"],
    ["?high_volume_throttle=1.5", "high_volume_throttle"],
    ["?high_volume_throttle=99999999999", "high_volume_throttle"],
    ["?high_volume_throttle=-1", "high_volume_throttle"],
    ["?high_volume_throttle=10001", "high_volume_throttle"],
  ])("rejects %s as invalid %s", async (query, name) => {
    expect(await failure(parseEstimateRequest(request(query)))).toEqual({
      status: 400,
      message: `Invalid parameter: ${name}`,
    });
  });

  it("accepts a body at the limit and answers 413 above it, declared or streamed", async () => {
    await expect(parseEstimateRequest(request("", new Uint8Array(MAX_BODY_BYTES)))).resolves.toBeDefined();
    expect(await failure(parseEstimateRequest(request("", new Uint8Array(MAX_BODY_BYTES + 1))))).toEqual({
      status: 413,
      message: "Invalid parameter: body",
    });
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = new Request("http://x/api/v1/network/fees", {
      method: "POST",
      headers: { "content-type": "application/protobuf" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(await failure(parseEstimateRequest(streamed))).toEqual({ status: 413, message: "Invalid parameter: body" });
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunk.length);
  });

  it("validates in fees.md §2 order: content type, body, mode, throttle", async () => {
    const everythingWrong = request("?mode=x&high_volume_throttle=x", null, { "content-type": "text/plain" });
    expect(await failure(parseEstimateRequest(everythingWrong))).toMatchObject({ status: 415 });
    expect(await failure(parseEstimateRequest(request("?mode=x&high_volume_throttle=x", null)))).toEqual({
      status: 400,
      message: "Invalid parameter: body",
    });
    expect(await failure(parseEstimateRequest(request("?mode=x&high_volume_throttle=x", new Uint8Array(0))))).toEqual({
      status: 400,
      message: "Invalid parameter: body",
    });
    expect(await failure(parseEstimateRequest(request("?mode=x&high_volume_throttle=x")))).toEqual({
      status: 400,
      message: "Invalid parameter: mode",
    });
  });
});
