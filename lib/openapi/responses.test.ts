import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, type Database } from "@/lib/db";
import { formatEntityId } from "@/lib/mirror/entity-id";
import { formatTimestamp } from "@/lib/mirror/timestamp";
import type { HttpMethod } from "@/lib/http/methods";
import { routeFileHandlers } from "@/lib/routes/served";
import { routeAt, ROUTES, routeMethods } from "@/lib/routes/table";
import { seedDemoData } from "@/lib/seed/demo-data";
import { createApiKey } from "@/lib/status/manage/api-keys";
import { ensureBootstrapApiKey } from "@/lib/status/manage/bootstrap-key";
import { V2_DOCUMENTS } from "@/lib/status/documents";
import { openApiDocument, type OpenApiOperation } from "./document";

/**
 * Every route of the table, driven in process on the demo data (status page
 * and mirror ledger) through the handlers the server runs, and each response
 * (errors included) checked against the OpenAPI document: its status must be
 * documented for the operation, its content type listed, and a JSON body must
 * validate against the documented schema.
 */
const document = openApiDocument();

type SchemaNode = Record<string, unknown> & { allOf?: SchemaNode[]; properties?: Record<string, SchemaNode>; required?: string[]; $ref?: string };

/**
 * The document as the validator reads it: every object schema that names its
 * properties is closed (`additionalProperties: false`), so a field a response
 * carries that the document does not name fails too. An `allOf` of object
 * schemas is merged first, or closing one part would reject the others' fields.
 */
function closedWorld(source: object): object {
  const copy = structuredClone(source) as { components: { schemas: Record<string, SchemaNode> } };
  const schemas = copy.components.schemas;
  const resolve = (node: SchemaNode): SchemaNode => (node.$ref ? schemas[node.$ref.replace("#/components/schemas/", "")]! : node);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const schema = node as SchemaNode;
    const parts = schema.allOf?.map(resolve);
    if (parts?.every((part) => part.properties !== undefined || part.allOf !== undefined)) {
      const merged = parts.map((part) => structuredClone(part));
      merged.forEach(visit);
      delete schema.allOf;
      schema.type = "object";
      schema.properties = Object.assign({}, ...merged.map((part) => part.properties));
      schema.required = merged.flatMap((part) => part.required ?? []);
      if (merged.some((part) => part.nullable === true)) schema.nullable = true;
    }
    if (schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
    Object.values(schema).forEach(visit);
  };
  visit(copy);
  return copy;
}

const ajv = new Ajv({
  allErrors: true,
  strict: false,
  formats: {
    int32: true,
    int64: true,
    float: true,
    byte: /^[A-Za-z0-9+/]*={0,2}$/,
    binary: true,
    date: /^\d{4}-\d{2}-\d{2}$/,
    "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  },
});
ajv.addSchema(closedWorld(document), "openapi");

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
const validators = new Map<string, ValidateFunction>();
function validatorAt(location: string): ValidateFunction {
  let validate = validators.get(location);
  if (!validate) {
    validate = ajv.getSchema(`openapi#/${location}`);
    if (!validate) throw new Error(`no schema at ${location}`);
    validators.set(location, validate);
  }
  return validate;
}

const ADMIN_KEY = "openapi-test-admin-key";
const MIRROR_PREFIX = "/api/v1";

/** What the cases need from the seeded data: ids that exist and carry data. */
type Fixtures = {
  pageId: string;
  readKey: string;
  account: string;
  cryptoAllowanceOwner: string;
  tokenAllowanceOwner: string;
  nftAllowanceOwner: string;
  airdropSender: string;
  airdropReceiver: string;
  rewardedAccount: string;
  tokenHolder: string;
  fungibleToken: string;
  nftToken: string;
  nftSerial: string;
  topic: string;
  sequenceNumber: string;
  messageTimestamp: string;
  schedule: string;
  transactionId: string;
  blockNumber: string;
  contract: string;
  logContract: string;
  resultContract: string;
  resultTimestamp: string;
  resultTransaction: string;
  componentId: string;
  groupId: string;
  /** A dead notification delivery to an active subscriber: the dead-letter list and its retry. */
  deadDelivery: string;
  incidentId: string;
  created: Record<string, string>;
  etags: Record<string, string>;
};

type Request_ = { params?: Record<string, string>; query?: string; headers?: Record<string, string>; body?: BodyInit };
type Case = { name: string; method: HttpMethod; path: string; status: number; request: (f: Fixtures) => Request_ };

const admin = { authorization: `OAuth ${ADMIN_KEY}` };
const jsonBody = (value: unknown) => ({ headers: { ...admin, "content-type": "application/json" }, body: JSON.stringify(value) });
const PAGE = "/api/manage/v1/pages/{page_id}";
const page = (f: Fixtures, extra: Record<string, string> = {}) => ({ page_id: f.pageId, ...extra });
const example = (name: string) => new Uint8Array(fs.readFileSync(path.join(process.cwd(), "public", "examples", name)));

const mirror = (suffix: string, status: number, request: Case["request"], name = suffix): Case => ({
  name: `GET ${name} → ${status}`,
  method: "GET",
  path: `${MIRROR_PREFIX}${suffix}`,
  status,
  request,
});
const ACCOUNT = "/accounts/{idOrAliasOrEvmAddress}";
const account = (id: string) => ({ params: { idOrAliasOrEvmAddress: id } });
const badLimit = { query: "limit=x" };

const CASES: Case[] = [
  { name: "GET liveness", method: "GET", path: "/api/health", status: 200, request: () => ({}) },
  { name: "GET readiness", method: "GET", path: "/api/health/ready", status: 200, request: () => ({}) },
  { name: "GET openapi.yml", method: "GET", path: "/api/v1/docs/openapi.yml", status: 200, request: () => ({}) },
  { name: "GET openapi.json", method: "GET", path: "/api/v1/docs/openapi.json", status: 200, request: () => ({}) },
  { name: "GET reference page", method: "GET", path: "/api/docs", status: 200, request: () => ({}) },
  { name: "GET reference script", method: "GET", path: "/api/docs/reference.js", status: 200, request: () => ({}) },

  mirror("/accounts", 200, () => ({ query: "limit=3" })),
  mirror("/accounts", 400, () => badLimit),
  mirror(ACCOUNT, 200, (f) => account(f.account)),
  mirror(ACCOUNT, 400, () => account("not-an-account")),
  mirror(ACCOUNT, 404, () => account("0.0.99999999")),
  mirror(`${ACCOUNT}/airdrops/outstanding`, 200, (f) => account(f.airdropSender)),
  mirror(`${ACCOUNT}/airdrops/outstanding`, 400, (f) => ({ ...account(f.airdropSender), ...badLimit })),
  mirror(`${ACCOUNT}/airdrops/pending`, 200, (f) => account(f.airdropReceiver)),
  mirror(`${ACCOUNT}/airdrops/pending`, 400, (f) => ({ ...account(f.airdropReceiver), ...badLimit })),
  mirror(`${ACCOUNT}/allowances/crypto`, 200, (f) => account(f.cryptoAllowanceOwner)),
  mirror(`${ACCOUNT}/allowances/crypto`, 400, (f) => ({ ...account(f.cryptoAllowanceOwner), ...badLimit })),
  mirror(`${ACCOUNT}/allowances/nfts`, 200, (f) => account(f.nftAllowanceOwner)),
  mirror(`${ACCOUNT}/allowances/nfts`, 400, (f) => ({ ...account(f.nftAllowanceOwner), ...badLimit })),
  mirror(`${ACCOUNT}/allowances/tokens`, 200, (f) => account(f.tokenAllowanceOwner)),
  mirror(`${ACCOUNT}/allowances/tokens`, 400, (f) => ({ ...account(f.tokenAllowanceOwner), ...badLimit })),
  mirror(`${ACCOUNT}/nfts`, 200, (f) => account(f.account)),
  mirror(`${ACCOUNT}/nfts`, 400, (f) => ({ ...account(f.account), ...badLimit })),
  mirror(`${ACCOUNT}/rewards`, 200, (f) => account(f.rewardedAccount)),
  mirror(`${ACCOUNT}/rewards`, 400, (f) => ({ ...account(f.rewardedAccount), ...badLimit })),
  mirror(`${ACCOUNT}/tokens`, 200, (f) => account(f.tokenHolder)),
  mirror(`${ACCOUNT}/tokens`, 400, (f) => ({ ...account(f.tokenHolder), ...badLimit })),
  mirror("/balances", 200, () => ({ query: "limit=3" })),
  mirror("/balances", 400, () => badLimit),
  mirror("/blocks", 200, () => ({ query: "limit=2" })),
  mirror("/blocks", 400, () => badLimit),
  mirror("/blocks/{hashOrNumber}", 200, (f) => ({ params: { hashOrNumber: f.blockNumber } })),
  mirror("/blocks/{hashOrNumber}", 400, () => ({ params: { hashOrNumber: "not-a-block" } })),
  mirror("/blocks/{hashOrNumber}", 404, () => ({ params: { hashOrNumber: "999999999" } })),
  mirror("/contracts", 200, () => ({ query: "limit=2" })),
  mirror("/contracts", 400, () => badLimit),
  mirror("/contracts/{contractIdOrAddress}", 200, (f) => ({ params: { contractIdOrAddress: f.contract } })),
  mirror("/contracts/{contractIdOrAddress}", 400, () => ({ params: { contractIdOrAddress: "x" } })),
  mirror("/contracts/{contractIdOrAddress}", 404, () => ({ params: { contractIdOrAddress: "0.0.99999999" } })),
  mirror("/contracts/{contractIdOrAddress}/state", 200, (f) => ({ params: { contractIdOrAddress: f.contract } })),
  mirror("/contracts/{contractIdOrAddress}/state", 400, (f) => ({ params: { contractIdOrAddress: f.contract }, ...badLimit })),
  mirror("/contracts/{contractIdOrAddress}/state", 404, () => ({ params: { contractIdOrAddress: "0x5e17c988cc14ae5f0bf328245eaf88f081c3a614" } })),
  mirror("/contracts/results", 200, () => ({ query: "limit=3" })),
  mirror("/contracts/results", 400, () => badLimit),
  mirror("/contracts/{contractIdOrAddress}/results", 200, () => ({ params: { contractIdOrAddress: "0.0.1001" } })),
  mirror("/contracts/{contractIdOrAddress}/results", 400, () => ({ params: { contractIdOrAddress: "x" } })),
  mirror("/contracts/{contractIdOrAddress}/results", 404, () => ({ params: { contractIdOrAddress: "0x5555555555555555555555555555555555555555" } })),
  mirror("/contracts/logs", 200, () => ({ query: "limit=3" })),
  mirror("/contracts/logs", 400, () => badLimit),
  mirror("/contracts/results/logs", 200, () => ({ query: "limit=3" })),
  mirror("/contracts/results/logs", 400, () => badLimit),
  mirror("/contracts/{contractIdOrAddress}/results/logs", 200, (f) => ({ params: { contractIdOrAddress: f.logContract } })),
  mirror("/contracts/{contractIdOrAddress}/results/logs", 400, () => ({ params: { contractIdOrAddress: "x" } })),
  mirror("/contracts/{contractIdOrAddress}/results/logs", 404, () => ({ params: { contractIdOrAddress: `0x${"55".repeat(20)}` } })),
  mirror("/contracts/results/{transactionIdOrHash}", 200, (f) => ({ params: { transactionIdOrHash: f.resultTransaction } })),
  mirror("/contracts/results/{transactionIdOrHash}", 200, (f) => ({ params: { transactionIdOrHash: f.resultTimestamp } }), "/contracts/results/{timestamp}"),
  mirror("/contracts/results/{transactionIdOrHash}", 400, () => ({ params: { transactionIdOrHash: "x" } })),
  mirror("/contracts/results/{transactionIdOrHash}", 404, () => ({ params: { transactionIdOrHash: "0.0.2-1000000000-000000001" } })),
  ...["actions", "results"].flatMap((name) => [
    mirror(`/contracts/results/{transactionIdOrHash}/${name}`, 200, (f) => ({ params: { transactionIdOrHash: f.resultTransaction } })),
    mirror(`/contracts/results/{transactionIdOrHash}/${name}`, 400, (f) => ({ params: { transactionIdOrHash: f.resultTransaction }, ...badLimit })),
    mirror(`/contracts/results/{transactionIdOrHash}/${name}`, 404, () => ({ params: { transactionIdOrHash: "0.0.2-1000000000-000000001" } })),
  ]),
  mirror("/contracts/{contractIdOrAddress}/results/{timestamp}", 200, (f) => ({ params: { contractIdOrAddress: f.resultContract, timestamp: f.resultTimestamp } })),
  mirror("/contracts/{contractIdOrAddress}/results/{timestamp}", 400, (f) => ({ params: { contractIdOrAddress: f.resultContract, timestamp: "x" } })),
  mirror("/contracts/{contractIdOrAddress}/results/{timestamp}", 404, (f) => ({ params: { contractIdOrAddress: f.resultContract, timestamp: "1.000000001" } })),
  // One replay per route: the traces' throttle allows one a second.
  mirror("/contracts/results/{transactionIdOrHash}/opcodes", 200, (f) => ({ params: { transactionIdOrHash: f.resultTransaction }, query: "memory=true&storage=true", headers: { "accept-encoding": "gzip" } })),
  mirror("/contracts/results/{transactionIdOrHash}/opcodes", 400, () => ({ params: { transactionIdOrHash: "x" }, headers: { "accept-encoding": "gzip" } })),
  mirror("/contracts/results/{transactionIdOrHash}/opcodes", 406, (f) => ({ params: { transactionIdOrHash: f.resultTransaction } })),
  mirror("/contracts/{contractIdOrAddress}/results/{timestamp}/opcodes", 200, (f) => ({
    params: { contractIdOrAddress: f.resultContract, timestamp: f.resultTimestamp },
    headers: { "accept-encoding": "gzip" },
  })),
  mirror("/contracts/{contractIdOrAddress}/results/{timestamp}/opcodes", 400, () => ({ params: { contractIdOrAddress: "x", timestamp: "y" }, headers: { "accept-encoding": "gzip" } })),
  ...(
    [
      ["a call to an address without code", 200, { "content-type": "application/json" }, { to: `0x${"ab".repeat(20)}`, data: "0x" }],
      ["an estimate", 200, { "content-type": "application/json" }, { to: `0x${"ab".repeat(20)}`, estimate: true }],
      ["too little gas", 400, { "content-type": "application/json" }, { to: `0x${"ab".repeat(20)}`, gas: 1 }],
      ["an HTS write", 501, { "content-type": "application/json" }, { to: `0x${"0167".padStart(40, "0")}`, data: "0xeca36917" }],
      ["as text", 415, { "content-type": "text/plain" }, {}],
    ] as const
  ).map(([what, status, headers, body]): Case => ({
    name: `POST contract call, ${what}`,
    method: "POST",
    path: "/api/v1/contracts/call",
    status,
    request: () => ({ headers, body: JSON.stringify(body) }),
  })),
  { name: "OPTIONS contract call", method: "OPTIONS", path: "/api/v1/contracts/call", status: 200, request: () => ({ headers: { origin: "https://example.com", "access-control-request-method": "POST" } }) },
  mirror("/network/exchangerate", 200, () => ({})),
  mirror("/network/exchangerate", 400, () => ({ query: "timestamp=x" })),
  mirror("/network/fees", 200, () => ({})),
  mirror("/network/fees", 400, () => ({ query: "order=sideways" })),
  mirror("/network/nodes", 200, () => ({ query: "limit=3" })),
  mirror("/network/nodes", 400, () => badLimit),
  mirror("/network/registered-nodes", 200, () => ({ query: "limit=2" })),
  mirror("/network/registered-nodes", 400, () => ({ query: "type=UNKNOWN" })),
  mirror("/network/stake", 200, () => ({})),
  mirror("/network/stake", 400, () => ({ query: "limit=1" })),
  mirror("/network/supply", 200, () => ({})),
  mirror("/network/supply", 400, () => ({ query: "timestamp=x" })),
  mirror("/schedules", 200, () => ({ query: "limit=3" })),
  mirror("/schedules", 400, () => badLimit),
  mirror("/schedules/{scheduleId}", 200, (f) => ({ params: { scheduleId: f.schedule } })),
  mirror("/schedules/{scheduleId}", 400, () => ({ params: { scheduleId: "x" } })),
  mirror("/schedules/{scheduleId}", 404, () => ({ params: { scheduleId: "0.0.99999999" } })),
  mirror("/tokens", 200, () => ({ query: "limit=5" })),
  mirror("/tokens", 400, () => badLimit),
  mirror("/tokens/{tokenId}", 200, (f) => ({ params: { tokenId: f.fungibleToken } }), "/tokens/{fungible}"),
  mirror("/tokens/{tokenId}", 200, (f) => ({ params: { tokenId: f.nftToken } }), "/tokens/{non-fungible}"),
  mirror("/tokens/{tokenId}", 400, () => ({ params: { tokenId: "x" } })),
  mirror("/tokens/{tokenId}", 404, () => ({ params: { tokenId: "0.0.99999999" } })),
  mirror("/tokens/{tokenId}/balances", 200, (f) => ({ params: { tokenId: f.fungibleToken } })),
  mirror("/tokens/{tokenId}/balances", 400, (f) => ({ params: { tokenId: f.fungibleToken }, ...badLimit })),
  mirror("/tokens/{tokenId}/nfts", 200, (f) => ({ params: { tokenId: f.nftToken } })),
  mirror("/tokens/{tokenId}/nfts", 400, (f) => ({ params: { tokenId: f.nftToken }, ...badLimit })),
  mirror("/tokens/{tokenId}/nfts/{serialNumber}", 200, (f) => ({ params: { tokenId: f.nftToken, serialNumber: f.nftSerial } })),
  mirror("/tokens/{tokenId}/nfts/{serialNumber}", 400, (f) => ({ params: { tokenId: f.nftToken, serialNumber: "x" } })),
  mirror("/tokens/{tokenId}/nfts/{serialNumber}", 404, (f) => ({ params: { tokenId: f.nftToken, serialNumber: "999999" } })),
  mirror("/tokens/{tokenId}/nfts/{serialNumber}/transactions", 200, (f) => ({ params: { tokenId: f.nftToken, serialNumber: f.nftSerial } })),
  mirror("/tokens/{tokenId}/nfts/{serialNumber}/transactions", 400, (f) => ({ params: { tokenId: f.nftToken, serialNumber: f.nftSerial }, ...badLimit })),
  mirror("/topics/messages/{timestamp}", 200, (f) => ({ params: { timestamp: f.messageTimestamp } })),
  mirror("/topics/messages/{timestamp}", 400, () => ({ params: { timestamp: "x" } })),
  mirror("/topics/messages/{timestamp}", 404, () => ({ params: { timestamp: "1.000000001" } })),
  mirror("/topics/{topicId}", 200, (f) => ({ params: { topicId: f.topic } })),
  mirror("/topics/{topicId}", 400, () => ({ params: { topicId: "x" } })),
  mirror("/topics/{topicId}", 404, () => ({ params: { topicId: "0.0.99999999" } })),
  mirror("/topics/{topicId}/messages", 200, (f) => ({ params: { topicId: f.topic }, query: "limit=3" })),
  mirror("/topics/{topicId}/messages", 400, (f) => ({ params: { topicId: f.topic }, ...badLimit })),
  mirror("/topics/{topicId}/messages/{sequenceNumber}", 200, (f) => ({ params: { topicId: f.topic, sequenceNumber: f.sequenceNumber } })),
  mirror("/topics/{topicId}/messages/{sequenceNumber}", 400, (f) => ({ params: { topicId: f.topic, sequenceNumber: "x" } })),
  mirror("/topics/{topicId}/messages/{sequenceNumber}", 404, (f) => ({ params: { topicId: f.topic, sequenceNumber: "99999999" } })),
  mirror("/transactions", 200, () => ({ query: "limit=5" })),
  mirror("/transactions", 400, () => badLimit),
  mirror("/transactions/{transactionIdOrHash}", 200, (f) => ({ params: { transactionIdOrHash: f.transactionId } })),
  mirror("/transactions/{transactionIdOrHash}", 400, () => ({ params: { transactionIdOrHash: "x" } })),
  mirror("/transactions/{transactionIdOrHash}", 404, () => ({ params: { transactionIdOrHash: "0.0.2-1000000000-000000001" } })),

  ...["token-create.bin", "token-transfer.bin", "topic-message.bin"].flatMap((file): Case[] => [
    {
      name: `POST fee estimate of ${file} in STATE mode`,
      method: "POST",
      path: "/api/v1/network/fees",
      status: 200,
      request: () => ({ query: "mode=STATE", headers: { "content-type": "application/protobuf" }, body: example(file) }),
    },
  ]),
  { name: "POST fee estimate, empty body", method: "POST", path: "/api/v1/network/fees", status: 400, request: () => ({ headers: { "content-type": "application/protobuf" }, body: new Uint8Array() }) },
  { name: "POST fee estimate, bad mode", method: "POST", path: "/api/v1/network/fees", status: 400, request: () => ({ query: "mode=FAST", headers: { "content-type": "application/protobuf" }, body: example("hbar-transfer.bin") }) },
  { name: "POST fee estimate, too large", method: "POST", path: "/api/v1/network/fees", status: 413, request: () => ({ headers: { "content-type": "application/protobuf" }, body: new Uint8Array(300 * 1024) }) },
  { name: "POST fee estimate, JSON", method: "POST", path: "/api/v1/network/fees", status: 415, request: () => ({ headers: { "content-type": "application/json" }, body: "{}" }) },

  ...V2_DOCUMENTS.flatMap((name) => publicDocumentCases(`/api/v2/${name}`)),
  ...publicDocumentCases("/api/v2/monitors.json"),
  { name: "GET monitors over 90 days", method: "GET", path: "/api/v2/monitors.json", status: 200, request: () => ({ query: "range=90d" }) },
  { name: "GET monitors, unknown range", method: "GET", path: "/api/v2/monitors.json", status: 400, request: () => ({ query: "range=1y" }) },
  ...publicDocumentCases("/history.rss"),
  ...publicDocumentCases("/history.atom"),

  { name: "GET page", method: "GET", path: PAGE, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
  { name: "GET page without a key", method: "GET", path: PAGE, status: 401, request: (f) => ({ params: page(f) }) },
  { name: "PATCH page", method: "PATCH", path: PAGE, status: 200, request: (f) => ({ params: page(f), ...jsonBody({ page: { name: "Hedera Status (checked)" } }) }) },
  { name: "PATCH page, bad url", method: "PATCH", path: PAGE, status: 400, request: (f) => ({ params: page(f), ...jsonBody({ page: { url: "ftp://status.example.com" } }) }) },
  { name: "PATCH page, read-only key", method: "PATCH", path: PAGE, status: 403, request: (f) => ({ params: page(f), ...jsonBody({ page: { name: "x" } }), headers: { authorization: `OAuth ${f.readKey}`, "content-type": "application/json" } }) },
  { name: "PUT page", method: "PUT", path: PAGE, status: 200, request: (f) => ({ params: page(f), ...jsonBody({ page: { name: "Hedera Status" } }) }) },
  { name: "PUT page of an unknown page", method: "PUT", path: PAGE, status: 404, request: () => ({ params: { page_id: "nosuchpage00" }, ...jsonBody({ page: { name: "x" } }) }) },
  { name: "GET components without a key", method: "GET", path: `${PAGE}/components`, status: 401, request: (f) => ({ params: page(f) }) },
  { name: "GET components of an unknown page", method: "GET", path: `${PAGE}/components`, status: 404, request: () => ({ params: { page_id: "nosuchpage00" }, headers: admin }) },
  { name: "GET components", method: "GET", path: `${PAGE}/components`, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
  { name: "POST component, read-only key", method: "POST", path: `${PAGE}/components`, status: 403, request: (f) => ({ params: page(f), ...jsonBody({ component: { name: "x" } }), headers: { authorization: `OAuth ${f.readKey}`, "content-type": "application/json" } }) },
  { name: "POST component without a name", method: "POST", path: `${PAGE}/components`, status: 400, request: (f) => ({ params: page(f), ...jsonBody({ component: {} }) }) },
  { name: "POST component", method: "POST", path: `${PAGE}/components`, status: 201, request: (f) => ({ params: page(f), ...jsonBody({ component: { name: "OpenAPI check", status: "degraded_performance", start_date: "2026-01-02" } }) }) },
  { name: "GET component", method: "GET", path: `${PAGE}/components/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.component! }), headers: admin }) },
  { name: "GET unknown component", method: "GET", path: `${PAGE}/components/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchcompnt" }), headers: admin }) },
  { name: "PATCH component", method: "PATCH", path: `${PAGE}/components/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.component! }), ...jsonBody({ component: { status: "operational" } }) }) },
  { name: "PATCH component, bad status", method: "PATCH", path: `${PAGE}/components/{id}`, status: 400, request: (f) => ({ params: page(f, { id: f.created.component! }), ...jsonBody({ component: { status: "melting" } }) }) },
  { name: "PUT component", method: "PUT", path: `${PAGE}/components/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.component! }), ...jsonBody({ component: { description: "checked" } }) }) },
  { name: "PUT unknown component", method: "PUT", path: `${PAGE}/components/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchcompnt" }), ...jsonBody({ component: { description: "x" } }) }) },

  { name: "GET component groups", method: "GET", path: `${PAGE}/component-groups`, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
  { name: "GET component groups without a key", method: "GET", path: `${PAGE}/component-groups`, status: 401, request: (f) => ({ params: page(f) }) },
  { name: "POST component group", method: "POST", path: `${PAGE}/component-groups`, status: 201, request: (f) => ({ params: page(f), ...jsonBody({ description: "checks", component_group: { name: "OpenAPI group", components: [f.created.component] } }) }) },
  { name: "POST component group without members", method: "POST", path: `${PAGE}/component-groups`, status: 400, request: (f) => ({ params: page(f), ...jsonBody({ component_group: { name: "x" } }) }) },
  { name: "GET component group", method: "GET", path: `${PAGE}/component-groups/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.group! }), headers: admin }) },
  { name: "GET unknown component group", method: "GET", path: `${PAGE}/component-groups/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchgroup0" }), headers: admin }) },
  { name: "PATCH component group", method: "PATCH", path: `${PAGE}/component-groups/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.group! }), ...jsonBody({ component_group: { name: "OpenAPI group, renamed" } }) }) },
  { name: "PATCH component group, empty name", method: "PATCH", path: `${PAGE}/component-groups/{id}`, status: 400, request: (f) => ({ params: page(f, { id: f.created.group! }), ...jsonBody({ component_group: { name: " " } }) }) },
  { name: "PUT component group", method: "PUT", path: `${PAGE}/component-groups/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.group! }), ...jsonBody({ component_group: { description: "checked" } }) }) },
  { name: "PUT unknown component group", method: "PUT", path: `${PAGE}/component-groups/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchgroup0" }), ...jsonBody({ component_group: { description: "x" } }) }) },
  { name: "DELETE component group", method: "DELETE", path: `${PAGE}/component-groups/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.group! }), headers: admin }) },
  { name: "DELETE unknown component group", method: "DELETE", path: `${PAGE}/component-groups/{id}`, status: 404, request: (f) => ({ params: page(f, { id: f.created.group! }), headers: admin }) },

  { name: "GET incidents", method: "GET", path: `${PAGE}/incidents`, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
  { name: "GET incidents without a key", method: "GET", path: `${PAGE}/incidents`, status: 401, request: (f) => ({ params: page(f) }) },
  { name: "POST incident", method: "POST", path: `${PAGE}/incidents`, status: 201, request: (f) => ({ params: page(f), ...jsonBody({ incident: { name: "OpenAPI incident", status: "investigating", body: "Looking.", components: { [f.created.component!]: "partial_outage" } } }) }) },
  { name: "POST incident with a window backwards", method: "POST", path: `${PAGE}/incidents`, status: 400, request: (f) => ({ params: page(f), ...jsonBody({ incident: { name: "x", scheduled_for: "2026-01-02T00:00:00Z", scheduled_until: "2026-01-01T00:00:00Z" } }) }) },
  { name: "GET incident", method: "GET", path: `${PAGE}/incidents/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.incident! }), headers: admin }) },
  { name: "GET unknown incident", method: "GET", path: `${PAGE}/incidents/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchincdnt" }), headers: admin }) },
  { name: "PATCH incident to postmortem before resolution", method: "PATCH", path: `${PAGE}/incidents/{id}`, status: 409, request: (f) => ({ params: page(f, { id: f.created.incident! }), ...jsonBody({ incident: { status: "postmortem" } }) }) },
  { name: "PATCH incident", method: "PATCH", path: `${PAGE}/incidents/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.incident! }), ...jsonBody({ incident: { status: "identified", body: "Found it." } }) }) },
  { name: "PUT incident", method: "PUT", path: `${PAGE}/incidents/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.incident! }), ...jsonBody({ incident: { status: "resolved", body: "Fixed." } }) }) },
  { name: "PUT incident, bad status", method: "PUT", path: `${PAGE}/incidents/{id}`, status: 400, request: (f) => ({ params: page(f, { id: f.created.incident! }), ...jsonBody({ incident: { status: "gone" } }) }) },
  ...(["unresolved", "scheduled", "active_maintenance", "upcoming"] as const).flatMap((list): Case[] => [
    { name: `GET incidents/${list}`, method: "GET", path: `${PAGE}/incidents/${list}`, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
    { name: `GET incidents/${list} without a key`, method: "GET", path: `${PAGE}/incidents/${list}`, status: 401, request: (f) => ({ params: page(f) }) },
  ]),
  { name: "DELETE incident", method: "DELETE", path: `${PAGE}/incidents/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.incident! }), headers: admin }) },
  { name: "DELETE unknown incident", method: "DELETE", path: `${PAGE}/incidents/{id}`, status: 404, request: (f) => ({ params: page(f, { id: f.created.incident! }), headers: admin }) },
  { name: "DELETE component", method: "DELETE", path: `${PAGE}/components/{id}`, status: 204, request: (f) => ({ params: page(f, { id: f.created.component! }), headers: admin }) },
  { name: "DELETE unknown component", method: "DELETE", path: `${PAGE}/components/{id}`, status: 404, request: (f) => ({ params: page(f, { id: f.created.component! }), headers: admin }) },
  { name: "GET subscribers", method: "GET", path: `${PAGE}/subscribers`, status: 200, request: (f) => ({ params: page(f), query: "state=all", headers: admin }) },
  { name: "GET subscribers, bad state", method: "GET", path: `${PAGE}/subscribers`, status: 400, request: (f) => ({ params: page(f), query: "state=gone", headers: admin }) },
  { name: "GET subscribers without a key", method: "GET", path: `${PAGE}/subscribers`, status: 401, request: (f) => ({ params: page(f) }) },
  { name: "POST webhook subscriber", method: "POST", path: `${PAGE}/subscribers`, status: 201, request: (f) => ({ params: page(f), ...jsonBody({ subscriber: { endpoint: "https://hooks.example.com/status" } }) }) },
  { name: "POST email subscriber", method: "POST", path: `${PAGE}/subscribers`, status: 201, request: (f) => ({ params: page(f), ...jsonBody({ subscriber: { email: "ops@example.com", component_ids: [f.componentId] } }) }) },
  { name: "POST subscriber twice", method: "POST", path: `${PAGE}/subscribers`, status: 409, request: (f) => ({ params: page(f), ...jsonBody({ subscriber: { email: "ops@example.com" } }) }) },
  { name: "POST subscriber with both channels", method: "POST", path: `${PAGE}/subscribers`, status: 400, request: (f) => ({ params: page(f), ...jsonBody({ subscriber: { email: "a@example.com", endpoint: "https://x.example.com" } }) }) },
  { name: "POST subscriber, read-only key", method: "POST", path: `${PAGE}/subscribers`, status: 403, request: (f) => ({ params: page(f), ...jsonBody({ subscriber: { email: "x@example.com" } }), headers: { authorization: `OAuth ${f.readKey}`, "content-type": "application/json" } }) },
  { name: "GET subscriber", method: "GET", path: `${PAGE}/subscribers/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.subscriber! }), headers: admin }) },
  { name: "GET unknown subscriber", method: "GET", path: `${PAGE}/subscribers/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchsubscr" }), headers: admin }) },
  { name: "POST resend confirmation", method: "POST", path: `${PAGE}/subscribers/{id}/resend_confirmation`, status: 201, request: (f) => ({ params: page(f, { id: f.created.subscriber! }), headers: admin }) },
  { name: "POST resend confirmation, unknown", method: "POST", path: `${PAGE}/subscribers/{id}/resend_confirmation`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchsubscr" }), headers: admin }) },
  { name: "POST confirm subscription", method: "POST", path: "/api/subscriptions/{token}/confirm", status: 200, request: (f) => ({ params: { token: f.created.confirmToken! } }) },
  { name: "POST confirm, unknown token", method: "POST", path: "/api/subscriptions/{token}/confirm", status: 404, request: () => ({ params: { token: "nosuchtoken" } }) },
  { name: "PATCH subscription components", method: "PATCH", path: "/api/subscriptions/{token}", status: 200, request: (f) => ({ params: { token: f.created.manageToken! }, headers: { "content-type": "application/json" }, body: JSON.stringify({ subscriber: { component_ids: [f.componentId] } }) }) },
  { name: "PATCH subscription, unknown component", method: "PATCH", path: "/api/subscriptions/{token}", status: 400, request: (f) => ({ params: { token: f.created.manageToken! }, headers: { "content-type": "application/json" }, body: JSON.stringify({ subscriber: { component_ids: ["nosuchcompon"] } }) }) },
  { name: "PATCH subscription, unknown token", method: "PATCH", path: "/api/subscriptions/{token}", status: 404, request: () => ({ params: { token: "nosuchtoken" }, headers: { "content-type": "application/json" }, body: "{}" }) },
  { name: "GET unsubscribe link", method: "GET", path: "/api/subscriptions/{token}/unsubscribe", status: 303, request: (f) => ({ params: { token: f.created.manageToken! } }) },
  { name: "POST one-click unsubscribe", method: "POST", path: "/api/subscriptions/{token}/unsubscribe", status: 200, request: (f) => ({ params: { token: f.created.manageToken! }, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }) },
  { name: "POST unsubscribe, unknown token", method: "POST", path: "/api/subscriptions/{token}/unsubscribe", status: 404, request: () => ({ params: { token: "nosuchtoken" } }) },
  { name: "PATCH subscription, unsubscribed", method: "PATCH", path: "/api/subscriptions/{token}", status: 409, request: (f) => ({ params: { token: f.created.manageToken! }, headers: { "content-type": "application/json" }, body: JSON.stringify({ subscriber: {} }) }) },
  { name: "POST subscribe (visitor)", method: "POST", path: "/api/subscriptions", status: 202, request: () => ({ headers: { "content-type": "application/json" }, body: JSON.stringify({ subscriber: { email: "visitor@example.com" } }) }) },
  { name: "POST subscribe (visitor form)", method: "POST", path: "/api/subscriptions", status: 303, request: () => ({ headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, body: "subscriber%5Bemail%5D=form%40example.com&subscriber%5Bendpoint%5D=" }) },
  { name: "POST subscribe, no address", method: "POST", path: "/api/subscriptions", status: 400, request: () => ({ headers: { "content-type": "application/json" }, body: JSON.stringify({ subscriber: {} }) }) },
  { name: "GET dead deliveries", method: "GET", path: `${PAGE}/notification-deliveries`, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
  { name: "GET deliveries, bad state", method: "GET", path: `${PAGE}/notification-deliveries`, status: 400, request: (f) => ({ params: page(f), query: "state=lost", headers: admin }) },
  { name: "POST retry delivery", method: "POST", path: `${PAGE}/notification-deliveries/{id}/retry`, status: 200, request: (f) => ({ params: page(f, { id: f.deadDelivery }), headers: admin }) },
  { name: "POST retry delivery, not dead", method: "POST", path: `${PAGE}/notification-deliveries/{id}/retry`, status: 409, request: (f) => ({ params: page(f, { id: f.deadDelivery }), headers: admin }) },
  { name: "DELETE subscriber", method: "DELETE", path: `${PAGE}/subscribers/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.subscriber! }), headers: admin }) },
  { name: "POST resend confirmation, unsubscribed", method: "POST", path: `${PAGE}/subscribers/{id}/resend_confirmation`, status: 409, request: (f) => ({ params: page(f, { id: f.created.subscriber! }), headers: admin }) },
  { name: "DELETE unknown subscriber", method: "DELETE", path: `${PAGE}/subscribers/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchsubscr" }), headers: admin }) },
  { name: "GET monitors", method: "GET", path: `${PAGE}/monitors`, status: 200, request: (f) => ({ params: page(f), headers: admin }) },
  { name: "GET monitors without a key", method: "GET", path: `${PAGE}/monitors`, status: 401, request: (f) => ({ params: page(f) }) },
  { name: "POST monitor", method: "POST", path: `${PAGE}/monitors`, status: 201, request: (f) => ({ params: page(f), ...jsonBody({ monitor: { component_id: f.componentId, name: "Site", type: "http", config: { url: "https://status.example.com/", headers: { authorization: "Bearer x" } } } }) }) },
  { name: "POST monitor, bad config", method: "POST", path: `${PAGE}/monitors`, status: 400, request: (f) => ({ params: page(f), ...jsonBody({ monitor: { component_id: f.componentId, name: "Port", type: "tcp", config: { host: "db" } } }) }) },
  { name: "GET monitor", method: "GET", path: `${PAGE}/monitors/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.monitor! }), headers: admin }) },
  { name: "GET unknown monitor", method: "GET", path: `${PAGE}/monitors/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchmonitr" }), headers: admin }) },
  { name: "PATCH monitor", method: "PATCH", path: `${PAGE}/monitors/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.monitor! }), ...jsonBody({ monitor: { interval_seconds: 30 } }) }) },
  { name: "PATCH monitor, bad interval", method: "PATCH", path: `${PAGE}/monitors/{id}`, status: 400, request: (f) => ({ params: page(f, { id: f.created.monitor! }), ...jsonBody({ monitor: { interval_seconds: 1 } }) }) },
  { name: "PUT monitor", method: "PUT", path: `${PAGE}/monitors/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.monitor! }), ...jsonBody({ monitor: { enabled: false } }) }) },
  { name: "PUT unknown monitor", method: "PUT", path: `${PAGE}/monitors/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchmonitr" }), ...jsonBody({ monitor: { enabled: false } }) }) },
  { name: "DELETE monitor", method: "DELETE", path: `${PAGE}/monitors/{id}`, status: 200, request: (f) => ({ params: page(f, { id: f.created.monitor! }), headers: admin }) },
  { name: "DELETE unknown monitor", method: "DELETE", path: `${PAGE}/monitors/{id}`, status: 404, request: (f) => ({ params: page(f, { id: "nosuchmonitr" }), headers: admin }) },
  { name: "GET audit log", method: "GET", path: `${PAGE}/audit-log`, status: 200, request: (f) => ({ params: page(f), query: "limit=20", headers: admin }) },
  { name: "GET audit log, bad before_id", method: "GET", path: `${PAGE}/audit-log`, status: 400, request: (f) => ({ params: page(f), query: "before_id=x", headers: admin }) },
];

function publicDocumentCases(documentPath: string): Case[] {
  return [
    { name: `GET ${documentPath}`, method: "GET", path: documentPath, status: 200, request: () => ({}) },
    { name: `GET ${documentPath}, If-None-Match`, method: "GET", path: documentPath, status: 304, request: (f) => ({ headers: { "if-none-match": f.etags[documentPath]! } }) },
    { name: `OPTIONS ${documentPath}`, method: "OPTIONS", path: documentPath, status: 204, request: () => ({ headers: { origin: "https://example.com", "access-control-request-method": "GET" } }) },
  ];
}

async function call(testCase: Case, fixtures: Fixtures): Promise<Response> {
  if (!routeMethods(routeAt(testCase.path)).includes(testCase.method)) throw new Error(`the route table has no ${testCase.method} ${testCase.path}`);
  const handler = routeFileHandlers(testCase.path)[testCase.method];
  const { params = {}, query, headers, body } = testCase.request(fixtures);
  const url = testCase.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
  const request = new Request(`http://localhost${url}${query ? `?${query}` : ""}`, { method: testCase.method, headers, body });
  return handler(request, { params: Promise.resolve(params) });
}

async function getJson(template: string, fixtures: Fixtures, request: Request_): Promise<Record<string, unknown>> {
  const response = await call({ name: template, method: "GET", path: template, status: 200, request: () => request }, fixtures);
  expect(response.status, template).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The demo ledger has no contracts yet: one with code and two storage slots, numbered after every entity. */
async function addContract(db: Database): Promise<string> {
  const [row] = await db.sql.query<{ id: bigint }>("SELECT max(id) + 1 AS id FROM entity");
  const id = row!.id;
  await db.sql.query(
    `INSERT INTO entity (id, num, realm, shard, type, balance, balance_timestamp, created_timestamp, key, memo, timestamp_range)
     VALUES ($1, $1, 0, 0, 'CONTRACT', 0, 1700000000000000000, 1700000000000000000, '\\x0a0101'::bytea, 'openapi check', '[1700000000000000000,)')`,
    [id],
  );
  await db.sql.query("INSERT INTO contract (id, initcode, runtime_bytecode) VALUES ($1, '\\x6080'::bytea, '\\x6080604052'::bytea)", [id]);
  await db.sql.query(
    `INSERT INTO contract_state (contract_id, created_timestamp, modified_timestamp, slot, value)
     SELECT $1, 1700000000000000000, 1700000000000000000, decode(lpad(to_hex(n), 64, '0'), 'hex'), decode(lpad(to_hex(n * 7), 64, '0'), 'hex')
       FROM generate_series(1, 2) AS n`,
    [id],
  );
  return formatEntityId(id);
}

function firstOf<T>(items: readonly T[], what: string): T {
  const [first] = items;
  if (first === undefined) throw new Error(`the demo data has no ${what}`);
  return first;
}

/** A documented response, `$ref`s to components/responses followed, with its location in the document. */
function documentedResponse(operation: OpenApiOperation, location: string, status: number) {
  const entry = operation.responses[String(status)];
  if (!entry) return undefined;
  if (entry.$ref) {
    const name = entry.$ref.replace("#/components/responses/", "");
    return { response: document.components.responses![name] as { content?: Record<string, unknown> }, location: pointer("components", "responses", name) };
  }
  return { response: entry, location: `${location}/${pointer("responses", String(status))}` };
}

describe("every route's responses match the OpenAPI document", () => {
  let db: Database;
  let dataDir: string;
  const fixtures = { created: {}, etags: {} } as Fixtures;
  const exercised: Array<{ operation: string; status: number }> = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-responses-"));
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = "";
    delete process.env.MIRROR_DATABASE_URL;
    db = await getDatabase();
    const now = new Date();
    await seedDemoData(db, { now, mirror: { scale: 1 } });
    await ensureBootstrapApiKey(db, ADMIN_KEY, now);
    const pageRow = await db.prisma.page.findFirstOrThrow();
    fixtures.pageId = pageRow.id;
    fixtures.componentId = (await db.prisma.component.findFirstOrThrow({ where: { pageId: pageRow.id }, orderBy: { id: "asc" } })).id;
    const service = { db, clock: () => now, pageId: pageRow.id, actor: { apiKeyId: null, name: "openapi test", scopes: ["read", "write"] } };
    fixtures.readKey = (await createApiKey(service, { name: "read only", scopes: ["read"] })).key;
    const [dead] = await db.sql.query<{ id: bigint }>(
      `WITH s AS (INSERT INTO status.subscriber (id, page_id, mode, email, confirm_token, manage_token, created_at, confirmed_at)
                  VALUES ('deadletter01', $1, 'email', 'dead@example.com', 'dead-confirm', 'dead-manage', $2, $2) RETURNING id),
            e AS (INSERT INTO status.notification_event (page_id, kind, data, created_at) VALUES ($1, 'incident.created', '{}', $2) RETURNING id)
       INSERT INTO status.notification_delivery (event_id, subscriber_id, idempotency_key, state, attempts, next_attempt_at, last_error)
       SELECT e.id, s.id, 'dead-letter-key', 'dead', 8, $2, 'connect ECONNREFUSED' FROM e, s RETURNING id`,
      [pageRow.id, now],
    );
    fixtures.deadDelivery = String(dead!.id);

    const id = async (text: string) => {
      const [row] = await db.sql.query<{ id: bigint }>(text);
      if (!row) throw new Error(`no row: ${text}`);
      return formatEntityId(row.id);
    };
    fixtures.account = await id("SELECT account_id AS id FROM nft WHERE account_id IS NOT NULL AND deleted IS NOT TRUE ORDER BY account_id LIMIT 1");
    fixtures.cryptoAllowanceOwner = await id("SELECT owner AS id FROM crypto_allowance WHERE amount > 0 ORDER BY owner LIMIT 1");
    fixtures.tokenAllowanceOwner = await id("SELECT owner AS id FROM token_allowance WHERE amount > 0 ORDER BY owner LIMIT 1");
    fixtures.nftAllowanceOwner = await id("SELECT owner AS id FROM nft_allowance WHERE approved_for_all ORDER BY owner LIMIT 1");
    fixtures.airdropSender = await id("SELECT sender_account_id AS id FROM token_airdrop WHERE state = 'PENDING' ORDER BY 1 LIMIT 1");
    fixtures.airdropReceiver = await id("SELECT receiver_account_id AS id FROM token_airdrop WHERE state = 'PENDING' ORDER BY 1 LIMIT 1");
    fixtures.rewardedAccount = await id("SELECT account_id AS id FROM staking_reward_transfer ORDER BY 1 LIMIT 1");
    fixtures.tokenHolder = await id("SELECT account_id AS id FROM token_account WHERE associated ORDER BY 1 LIMIT 1");
    // The tokens with the most custom fees of each type, so their fee shapes are checked too.
    const withMostFees = (type: string) =>
      id(`SELECT t.token_id AS id FROM token t JOIN custom_fee f ON f.entity_id = t.token_id
          WHERE t.type = '${type}' AND (t.type = 'FUNGIBLE_COMMON' OR EXISTS (SELECT 1 FROM nft n WHERE n.token_id = t.token_id))
          ORDER BY length(concat(f.fixed_fees::text, f.fractional_fees::text, f.royalty_fees::text)) DESC, 1 LIMIT 1`);
    fixtures.fungibleToken = await withMostFees("FUNGIBLE_COMMON");
    fixtures.nftToken = await withMostFees("NON_FUNGIBLE_UNIQUE");
    const nfts = (await getJson("/api/v1/tokens/{tokenId}/nfts", fixtures, { params: { tokenId: fixtures.nftToken }, query: "limit=1" })).nfts as Array<Record<string, number>>;
    fixtures.nftSerial = String(firstOf(nfts, `NFT of token ${fixtures.nftToken}`).serial_number);
    fixtures.topic = await id("SELECT topic_id AS id FROM topic_message ORDER BY topic_id LIMIT 1");
    const messages = (await getJson("/api/v1/topics/{topicId}/messages", fixtures, { params: { topicId: fixtures.topic }, query: "limit=1" })).messages as Array<Record<string, string>>;
    const message = firstOf(messages, `message of topic ${fixtures.topic}`);
    fixtures.sequenceNumber = String(message.sequence_number);
    fixtures.messageTimestamp = message.consensus_timestamp!;
    fixtures.schedule = await id("SELECT schedule_id AS id FROM schedule ORDER BY 1 LIMIT 1");
    const transactions = (await getJson("/api/v1/transactions", fixtures, { query: "limit=1" })).transactions as Array<Record<string, string>>;
    fixtures.transactionId = firstOf(transactions, "transaction").transaction_id!;
    const blocks = (await getJson("/api/v1/blocks", fixtures, { query: "limit=1" })).blocks as Array<Record<string, number>>;
    fixtures.blockNumber = String(firstOf(blocks, "block").number);
    fixtures.contract = await addContract(db);
    // The contract of the newest log; any entity (an empty page) while the demo ledger has no logs.
    fixtures.logContract = await id("SELECT coalesce((SELECT contract_id FROM contract_log ORDER BY consensus_timestamp DESC LIMIT 1), (SELECT min(id) FROM entity)) AS id");
    // The newest contract result with call frames, an Ethereum transaction's first: every detail field is checked.
    const [result] = await db.sql.query<{ consensus_timestamp: bigint; contract_id: bigint; payer: bigint; valid_start: bigint }>(
      `SELECT cr.consensus_timestamp, cr.contract_id, t.payer_account_id AS payer, t.valid_start_ns AS valid_start
        FROM contract_result cr JOIN transaction t ON t.consensus_timestamp = cr.consensus_timestamp
        WHERE cr.call_result IS NOT NULL AND t.nonce = 0 AND EXISTS (SELECT 1 FROM contract_action a WHERE a.consensus_timestamp = cr.consensus_timestamp)
        ORDER BY EXISTS (SELECT 1 FROM ethereum_transaction e WHERE e.consensus_timestamp = cr.consensus_timestamp) DESC, cr.consensus_timestamp DESC LIMIT 1`,
    );
    if (!result) throw new Error("the demo data has no contract result with actions");
    fixtures.resultContract = formatEntityId(result.contract_id);
    fixtures.resultTimestamp = formatTimestamp(result.consensus_timestamp);
    fixtures.resultTransaction = `${formatEntityId(result.payer)}-${formatTimestamp(result.valid_start).replace(".", "-")}`;
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
    if (testCase.status === 304) {
      const first = await call({ ...testCase, status: 200, request: () => ({}) }, fixtures);
      fixtures.etags[testCase.path] = first.headers.get("etag") ?? "";
    }
    const response = await call(testCase, fixtures);
    const text = await response.text();
    expect(response.status, text).toBe(testCase.status);
    exercised.push({ operation: `${testCase.method} ${testCase.path}`, status: testCase.status });

    const location = pointer("paths", testCase.path, testCase.method.toLowerCase());
    const operation = document.paths[testCase.path]?.[testCase.method.toLowerCase()];
    expect(operation, `${testCase.method} ${testCase.path} is not documented`).toBeDefined();
    const documented = documentedResponse(operation!, location, testCase.status);
    expect(documented, `${testCase.status} is not documented for ${testCase.method} ${testCase.path}`).toBeDefined();
    const content = documented!.response.content ?? {};
    if (text === "") {
      expect(Object.keys(content), "a body is documented but none was sent").toEqual([]);
      return;
    }
    const type = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
    expect(Object.keys(content), `content type ${type}`).toContain(type);
    if (type === "application/json") {
      const validate = validatorAt(`${documented!.location}/${pointer("content", type, "schema")}`);
      const body: unknown = JSON.parse(text);
      expect(validate(body) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`)).toEqual([]);
    }
    if (testCase.path === `${PAGE}/components` && testCase.method === "POST" && response.status === 201) fixtures.created.component = (JSON.parse(text) as { id: string }).id;
    if (testCase.path === `${PAGE}/component-groups` && testCase.method === "POST" && response.status === 201) fixtures.created.group = (JSON.parse(text) as { id: string }).id;
    if (testCase.path === `${PAGE}/monitors` && testCase.method === "POST" && response.status === 201) fixtures.created.monitor = (JSON.parse(text) as { id: string }).id;
    if (testCase.path === `${PAGE}/incidents` && testCase.method === "POST" && response.status === 201) fixtures.created.incident = (JSON.parse(text) as { id: string }).id;
    if (testCase.path === `${PAGE}/subscribers` && testCase.method === "POST" && response.status === 201) {
      const { id } = JSON.parse(text) as { id: string };
      const tokens = await db.prisma.subscriber.findUniqueOrThrow({ where: { id } });
      Object.assign(fixtures.created, { subscriber: id, confirmToken: tokens.confirmToken, manageToken: tokens.manageToken });
    }
  });

  it("drove every route and method with a success, and with an error where the document lists one", () => {
    const missing: string[] = [];
    for (const route of ROUTES) {
      const template = route.path;
      for (const method of routeMethods(route)) {
        const operation = `${method} ${template}`;
        const statuses = exercised.filter((entry) => entry.operation === operation).map((entry) => entry.status);
        if (!statuses.some((status) => status < 400)) missing.push(`${operation}: no success`);
        const documentedErrors = Object.keys(document.paths[template]?.[method.toLowerCase()]?.responses ?? {}).filter((status) => /^4/.test(status));
        if (documentedErrors.length > 0 && !statuses.some((status) => status >= 400)) missing.push(`${operation}: no error (documents ${documentedErrors.join(", ")})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
