import { z } from "zod";
import { readBodyWithin } from "@/lib/http/body";
import { MAX_INT64, MIN_INT64 } from "@/lib/mirror/timestamp";
import { LATEST, parseBlock, type BlockSpec } from "./block";
import { badRequest, fieldErrors, web3Error } from "./errors";

/** Upstream's servlet caps bodies at 1 MiB (`server.tomcat.max-swallow-size`). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** `maxGasLimit`: the default `gas` and its upper bound. */
export const MAX_GAS = 15_000_000n;
const MIN_GAS = 21_000n;
/** The OpenAPI's bound on `data` (131,072 bytes); upstream's validator allows more, the document does not. */
const MAX_DATA_HEX_DIGITS = 262_144;

/** A validated call: addresses as 20 bytes, `to` undefined for a contract create. */
export type CallRequest = {
  readonly block: BlockSpec;
  readonly data: Uint8Array;
  readonly estimate: boolean;
  readonly from: Uint8Array | undefined;
  readonly gas: bigint;
  readonly gasPrice: bigint;
  readonly to: Uint8Array | undefined;
  readonly value: bigint;
};

/** The body as Jackson binds it to `ContractCallRequest`: each field coerced, not yet validated. */
type BoundRequest = {
  block: BlockSpec;
  data: string | null;
  estimate: boolean;
  from: string | null;
  gas: bigint;
  gasPrice: bigint;
  to: string | null;
  value: bigint;
};

/**
 * Reads and validates a call in upstream's order: content type (415), body
 * size (413), JSON (`JSON parse error: …`), binding, bean validation (one
 * entry per failed field), the gas ceiling, then the calldata's hex.
 */
export async function parseCallRequest(request: Request): Promise<CallRequest> {
  checkContentType(request.headers.get("content-type"));
  const bytes = await readBodyWithin(request, MAX_BODY_BYTES);
  if (bytes === undefined) throw web3Error(413, "Payload Too Large", `Request body exceeds ${MAX_BODY_BYTES} bytes`);
  const bound = bind(parseJson(new TextDecoder().decode(bytes)));
  const violations = validate(bound);
  if (violations.length > 0) throw fieldErrors(violations);
  if (bound.gas > MAX_GAS) throw badRequest(`gas field must be less than or equal to ${MAX_GAS}`);
  return {
    block: bound.block,
    data: hexBytes(bound.data ?? ""),
    estimate: bound.estimate,
    from: bound.from === null ? undefined : hexBytes(bound.from),
    gas: bound.gas,
    gasPrice: bound.gasPrice,
    to: bound.to === null || bound.to === "" ? undefined : hexBytes(bound.to),
    value: bound.value,
  };
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/** Spring's Jackson converter reads `application/json` and `application/*+json`; no header reads as octet-stream. */
function checkContentType(header: string | null): void {
  const type = header ?? "application/octet-stream";
  if (JSON_MEDIA_TYPE.test((type.split(";")[0] ?? "").trim())) return;
  // Spring prints the media type with its parameters joined by `;` alone.
  const printed = type.split(";").map((part) => part.trim()).filter(Boolean).join(";");
  throw web3Error(415, "Unsupported Media Type", `Content-Type '${printed}' is not supported`);
}

function parseJson(text: string): unknown {
  if (text.trim() === "") throw badRequest("Required request body is missing");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`JSON parse error: ${jacksonSyntaxMessage(text, error)}`);
  }
}

/** Jackson's wording for the first syntax error, from the position V8 reports. */
function jacksonSyntaxMessage(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  const position = /at position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : text.length;
  if (at >= text.length || /end of JSON input/i.test(message)) return "Unexpected end-of-input";
  const character = text[at]!;
  const described = `Unexpected character ('${character}' (code ${character.charCodeAt(0)}))`;
  return /property name/i.test(message) ? `${described}: was expecting double-quote to start property name` : described;
}

const bindingIssue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return "Array value (token `JsonToken.START_ARRAY`)";
  return "Object value (token `JsonToken.START_OBJECT`)";
}

/** Jackson's `String` binding: scalars as their text, null as null. */
const stringField = z.unknown().transform((value, ctx): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return bindingIssue(ctx, `Cannot deserialize value of type \`java.lang.String\` from ${jsonKind(value)}`);
});

/** Jackson's `long` binding: integers, floats truncated, numeric strings; null is the field's default. */
const longField = (fallback: bigint) =>
  z.unknown().transform((value, ctx): bigint => {
    if (value === null || value === undefined) return fallback;
    let parsed: bigint | undefined;
    if (typeof value === "number" && Number.isFinite(value)) parsed = BigInt(Math.trunc(value));
    else if (typeof value === "string" && /^[+-]?\d{1,19}$/.test(value.trim())) parsed = BigInt(value.trim());
    if (parsed === undefined) {
      const shown = typeof value === "string" ? `String "${value}": not a valid \`long\` value` : typeof value === "boolean" ? "Boolean value" : jsonKind(value);
      return bindingIssue(ctx, `Cannot deserialize value of type \`long\` from ${shown}`);
    }
    if (parsed > MAX_INT64 || parsed < MIN_INT64) return bindingIssue(ctx, `Numeric value (${String(value)}) out of range of long`);
    return parsed;
  });

const booleanField = z.unknown().transform((value, ctx): boolean => {
  if (value === null || value === undefined || value === false || value === "false") return false;
  if (value === true || value === "true") return true;
  return bindingIssue(ctx, `Cannot deserialize value of type \`boolean\` from ${typeof value === "string" ? `String "${value}"` : typeof value === "number" ? "Integer value" : jsonKind(value)}`);
});

const blockField = stringField.transform((value, ctx): BlockSpec => {
  if (value === null) return LATEST;
  const block = parseBlock(value);
  if ("error" in block) {
    return bindingIssue(ctx, `Cannot construct instance of \`org.hiero.mirror.web3.viewmodel.BlockType\`, problem: ${block.error}`);
  }
  return block;
});

// Unknown fields are ignored (`@JsonIgnoreProperties(ignoreUnknown = true)`).
const requestSchema = z.object({
  block: blockField,
  data: stringField,
  estimate: booleanField,
  from: stringField,
  gas: longField(MAX_GAS),
  gasPrice: longField(0n),
  to: stringField,
  value: longField(0n),
});

function bind(json: unknown): BoundRequest {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    const kind = Array.isArray(json) ? "Array value (token `JsonToken.START_ARRAY`)" : `${typeof json === "string" ? "String" : typeof json === "number" ? "Integer" : "Boolean"} value`;
    throw badRequest(`JSON parse error: Cannot construct instance of \`org.hiero.mirror.web3.viewmodel.ContractCallRequest\` from ${kind}`);
  }
  // Absent and null bind alike (to the field's default); a failed binding is
  // Jackson's `HttpMessageNotReadableException`: one 400, the first problem.
  const fields = json as Record<string, unknown>;
  const result = requestSchema.safeParse(Object.fromEntries(Object.keys(requestSchema.shape).map((key) => [key, fields[key] ?? null])));
  if (result.success) return result.data;
  throw badRequest(`JSON parse error: ${result.error.issues[0]?.message ?? "Invalid request"}`);
}

const hexPattern = (min: number, max: number) => new RegExp(`^(?:0x)?[0-9a-fA-F]{${min},${max}}$`);
const ADDRESS = hexPattern(40, 40);
const DATA = hexPattern(0, MAX_DATA_HEX_DIGITS);
const HEX_MESSAGE = "invalid hexadecimal string";
/** `BytecodeUtils.isInitBytecode`: solc's constructor prologue, a CODECOPY, a RETURN. */
const INIT_CODE = /^(?:0x)?(?:60806040|60606040).*39.*f3/i;

/** Bean validation of ContractCallRequest, every violation in field order: `<field> field <message>`. */
function validate(request: BoundRequest): string[] {
  const violations: string[] = [];
  if (request.data !== null && request.data !== "" && !DATA.test(request.data)) violations.push(`data field ${HEX_MESSAGE}`);
  if (request.from !== null && !ADDRESS.test(request.from)) violations.push(`from field ${HEX_MESSAGE}`);
  // hasFrom: a value transfer needs a sender.
  if (request.value > 0n && request.from === null) violations.push("from field must not be empty");
  if (request.gas < MIN_GAS) violations.push(`gas field must be greater than or equal to ${MIN_GAS}`);
  if (request.gasPrice < 0n) violations.push("gasPrice field must be greater than or equal to 0");
  if (request.to !== null && request.to !== "" && !ADDRESS.test(request.to)) violations.push(`to field ${HEX_MESSAGE}`);
  // hasTo: a sender's value transfer needs a receiver, unless the data is init code (a create).
  const hasTo = request.value <= 0n || request.from === null || (request.to !== null && request.to !== "");
  if (!hasTo && !(request.data !== null && INIT_CODE.test(request.data))) violations.push("to field must not be empty");
  if (request.value < 0n) violations.push("value field must be greater than or equal to 0");
  return violations;
}

/** `hexToBytes`: an odd digit count is the controller's 400 (commons-codec's message). */
function hexBytes(hex: string): Uint8Array {
  const digits = hex.startsWith("0x") ? hex.slice(2) : hex;
  if (digits.length % 2 !== 0) throw badRequest("Odd number of characters.");
  return Uint8Array.from(Buffer.from(digits, "hex"));
}
