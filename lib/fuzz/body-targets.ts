import { proto } from "@hiero-ledger/proto";
import { accountId, ed25519Key, transactionBytes, transactionListBytes, type TransactionBodyInput } from "@/lib/fees/testing/transactions";
import { MAX_BODY_BYTES } from "@/lib/fees/request";
import { MAX_BODY_BYTES as MAX_CALL_BODY_BYTES } from "@/lib/mirror/contracts/call/request";
import type { Random } from "@/lib/seed/mirror/random";
import type { FuzzRequest } from "./request";

/**
 * An endpoint that takes a request body: its valid examples, the media types
 * it accepts, its size limit, its query parameters, and how a body of its
 * kind is mutated. The fee estimator is one; `POST /contracts/call` (JSON
 * bodies) becomes another by declaring its own spec with a JSON mutator.
 */
export type BodyEndpoint = {
  readonly path: string;
  readonly contentTypes: readonly string[];
  readonly samples: readonly Uint8Array[];
  readonly maxBytes: number;
  /** Query parameters and the values worth trying for each (valid and not). */
  readonly query: Readonly<Record<string, readonly string[]>>;
  readonly mutate: (random: Random, sample: Uint8Array) => Uint8Array;
};

const WRONG_CONTENT_TYPES = ["text/plain", "application/json", "application/octet-stream", "multipart/form-data; boundary=x", "application/protobufx", "", "*/*"];

/** A request for a body endpoint: a sample, a mutation, random bytes, no body, a wrong media type or an oversize body. */
export function bodyRequest(random: Random, endpoint: BodyEndpoint): FuzzRequest {
  const sample = random.pick(endpoint.samples);
  const kind = random.weighted<"sample" | "mutated" | "random" | "empty" | "wrong-type" | "oversize">([
    ["sample", 15],
    ["mutated", 50],
    ["random", 15],
    ["empty", 4],
    ["wrong-type", 12],
    ["oversize", 4],
  ]);
  let body: Uint8Array | undefined;
  let contentType = random.pick(endpoint.contentTypes);
  if (kind === "sample") body = sample;
  else if (kind === "mutated") body = endpoint.mutate(random, sample);
  else if (kind === "random") body = random.bytes(random.int(1, random.chance(0.9) ? 512 : 16_384));
  else if (kind === "empty") body = random.chance(0.5) ? new Uint8Array(0) : undefined;
  else if (kind === "wrong-type") {
    contentType = random.pick(WRONG_CONTENT_TYPES);
    body = random.chance(0.2) ? random.bytes(random.int(100_000, 300_000)) : sample;
  } else {
    // Past the limit; now and then past what the server drains before it closes the connection.
    body = random.bytes(endpoint.maxBytes + (random.chance(0.9) ? random.int(1, 200_000) : random.int(800_000, 1_300_000)));
  }
  const headers: Record<string, string> = contentType === "" ? {} : { "content-type": contentType };
  return { method: "POST", path: `${endpoint.path}${queryFor(random, endpoint.query)}`, headers, ...(body && { body }) };
}

function queryFor(random: Random, query: BodyEndpoint["query"]): string {
  const entries = Object.entries(query).filter(() => random.chance(0.3));
  if (entries.length === 0) return "";
  return `?${entries.map(([name, values]) => `${name}=${encodeURIComponent(random.pick(values))}`).join("&")}`;
}

/** Byte-level mutations of a protobuf message: flips, overwrites, insertions, deletions, truncation, splices. */
export function mutateBytes(random: Random, sample: Uint8Array): Uint8Array {
  let bytes = Buffer.from(sample);
  for (let round = random.int(1, 4); round > 0; round--) {
    const at = random.below(bytes.length + 1);
    switch (random.below(7)) {
      case 0:
        if (at < bytes.length) bytes[at] = bytes[at]! ^ (1 << random.below(8));
        break;
      case 1:
        if (at < bytes.length) bytes[at] = random.pick([0x00, 0x7f, 0x80, 0xff, 0x0a, 0x12, 0x08]);
        break;
      case 2:
        bytes = Buffer.concat([bytes.subarray(0, at), random.bytes(random.int(1, 16)), bytes.subarray(at)]);
        break;
      case 3:
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + random.int(1, 16)))]);
        break;
      case 4:
        bytes = bytes.subarray(0, at);
        break;
      case 5:
        // A varint that never ends, or a length prefix far past the end.
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(random.chance(0.5) ? [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01] : [0x0a, 0xff, 0xff, 0xff, 0x7f]), bytes.subarray(at)]);
        break;
      default:
        bytes = Buffer.concat([bytes, bytes.subarray(random.below(bytes.length + 1))]);
    }
  }
  return bytes;
}

const feeBodies: TransactionBodyInput[] = [
  {
    transactionID: { accountID: accountId(1001), transactionValidStart: { seconds: 1_700_000_000 } },
    nodeAccountID: accountId(3),
    transactionFee: 100_000_000,
    memo: "fuzz",
    cryptoTransfer: { transfers: { accountAmounts: [{ accountID: accountId(1001), amount: -10 }, { accountID: accountId(1002), amount: 10 }] } },
  },
  {
    transactionID: { accountID: accountId(1001), transactionValidStart: { seconds: 1_700_000_000 } },
    tokenCreation: { name: "Fuzz", symbol: "FZ", treasury: accountId(1001), adminKey: ed25519Key(1), supplyKey: ed25519Key(2), customFees: [{ fixedFee: { amount: 5 } }] },
  },
  { consensusSubmitMessage: { topicID: { topicNum: 1500 }, message: new Uint8Array(700).fill(65) } },
  { tokenMint: { token: { tokenNum: 1200 }, metadata: [new Uint8Array(100), new Uint8Array(100)] } },
  { cryptoCreateAccount: { key: ed25519Key(3), initialBalance: 1000 }, highVolume: true },
  { scheduleCreate: { scheduledTransactionBody: { cryptoTransfer: {} } } },
  { fileAppend: { fileID: { fileNum: 150 }, contents: new Uint8Array(4000) } },
  { tokenAirdrop: { tokenTransfers: [{ token: { tokenNum: 1200 }, transfers: [{ accountID: accountId(1001), amount: -1 }, { accountID: accountId(1003), amount: 1 }] }] } },
];

/** `POST /api/v1/network/fees`: signed transactions (both forms) and SDK transaction lists. */
export function feeEstimateEndpoint(): BodyEndpoint {
  const transactions = feeBodies.flatMap((body, index) => [transactionBytes(body, { signatures: 1 + (index % 4) }), transactionBytes(body, { legacy: true })]);
  return {
    path: "/api/v1/network/fees",
    contentTypes: ["application/protobuf", "application/x-protobuf", "application/protobuf; charset=binary", "APPLICATION/PROTOBUF"],
    samples: [...transactions, transactionListBytes(transactions.slice(0, 3)), proto.SignedTransaction.encode({ bodyBytes: new Uint8Array(0) }).finish()],
    maxBytes: MAX_BODY_BYTES,
    query: {
      mode: ["INTRINSIC", "STATE", "state", "intrinsic", "", "BOTH", "STATE ", "ſtate"],
      high_volume_throttle: ["0", "1", "5000", "10000", "10001", "-1", "+5", "1e3", "99999999999", "abc", ""],
    },
    mutate: mutateBytes,
  };
}

const address = (num: number) => `0x${num.toString(16).padStart(40, "0")}`;

const callBodies: Array<Record<string, unknown>> = [
  { to: address(0x3e9), data: "0x70a08231000000000000000000000000000000000000000000000000000000000000044c" },
  { to: address(0x3e9), data: "0x06fdde03", estimate: true, block: "latest" },
  { to: address(0x167), data: "0xeca36917", gas: 100_000 },
  { to: address(0x168), data: "" },
  { from: address(0x3ea), to: address(0x3eb), value: 1, gasPrice: 1 },
  { data: "0x6080604052348015600f57600080fd5b5060a38061001c6000396000f3", estimate: true },
  { to: address(2), data: "0x", block: "earliest" },
  { to: address(4), data: "0xc0ffee", block: "0x1" },
];

/** Values a call body's fields are worth trying: valid, out of range, the wrong JSON type, huge. */
function callFieldValue(random: Random): unknown {
  return random.pick<() => unknown>([
    () => random.pick([-1, 0, 20_999, 21_000, 15_000_001, 2 ** 63, -(2 ** 63), 1.5, 1e308]),
    () => random.pick(["", "0x", "0X01", "latest", "pending", "-1", "99999999999999999999", "0xzz", "ab".repeat(48), " "]),
    () => `0x${"ab".repeat(random.int(0, random.chance(0.9) ? 64 : 140_000))}`,
    () => random.pick([null, true, false, [], {}, [1, [2, [3]]], { nested: { deeper: [] } }]),
    () => "9".repeat(random.int(1, 400)),
  ])();
}

/** JSON-aware mutations of a call body: a field replaced, removed or added, deep nesting, then now and then the bytes mangled. */
function mutateCallBody(random: Random, sample: Uint8Array): Uint8Array {
  const fields = ["block", "data", "estimate", "from", "gas", "gasPrice", "to", "value", "unknown"];
  const body = JSON.parse(Buffer.from(sample).toString("utf8")) as Record<string, unknown>;
  for (let round = random.int(1, 3); round > 0; round--) {
    const field = random.pick(fields);
    if (random.chance(0.2)) delete body[field];
    else body[field] = callFieldValue(random);
  }
  let text = JSON.stringify(body);
  if (random.chance(0.1)) {
    const depth = random.int(100, 100_000);
    text = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  }
  const bytes = Buffer.from(text, "utf8");
  return random.chance(0.3) ? mutateBytes(random, bytes) : bytes;
}

/** `POST /api/v1/contracts/call`: upstream web3's JSON bodies, mutated field by field and byte by byte. */
export function contractCallEndpoint(): BodyEndpoint {
  return {
    path: "/api/v1/contracts/call",
    contentTypes: ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/problem+json"],
    samples: callBodies.map((body) => Buffer.from(JSON.stringify(body), "utf8")),
    maxBytes: MAX_CALL_BODY_BYTES,
    query: {},
    mutate: mutateCallBody,
  };
}
