import { ROUTES } from "@/lib/routes/table";
import type { Random } from "@/lib/seed/mirror/random";
import type { FuzzRequest } from "./request";

/** Query parameter names the mirror endpoints read, and some they do not. */
const KEYS = [
  "account.id", "account.balance", "account.publickey", "balance", "block.number", "encoding", "file.id", "hash", "limit", "name",
  "node.id", "nonce", "order", "publickey", "q", "receiver.id", "result", "scheduled", "sender.id", "serialnumber", "spender.id",
  "sequencenumber", "timestamp", "token.id", "token.type", "transactions", "transactiontype", "type", "x", "LIMIT", "account.id[]",
];
const OPERATORS = ["", "", "", "eq:", "ne:", "lt:", "lte:", "gt:", "gte:", "EQ:", "foo:", "gt:lt:", ":"];

/** Values shaped like what the endpoints parse (ids, timestamps, keys, hashes, enums) and what breaks parsers. */
function value(random: Random): string {
  switch (random.below(14)) {
    case 0:
      return `0.0.${random.int(0, 4000)}`;
    case 1:
      return String(random.int(0, 5000));
    case 2:
      return `${random.int(1_699_000_000, 1_701_000_000)}.${String(random.int(0, 999_999_999)).padStart(9, "0")}`;
    case 3:
      return random.pick(["asc", "desc", "ASC", "true", "false", "credit", "debit", "success", "fail", "NON_FUNGIBLE_UNIQUE", "FUNGIBLE_COMMON", "CRYPTOTRANSFER", "base64", "utf-8"]);
    case 4:
      return `0x${random.bytes(random.pick([20, 32, 33, 48])).toString("hex")}`;
    case 5:
      return random.bigint(-(2n ** 70n), 2n ** 70n).toString();
    case 6:
      return random.pick(["9223372036854775807", "9223372036854775808", "-9223372036854775808", "0", "-1", "1.5", "1e9", "NaN", "Infinity", "0x", "0.0.-1", "1.2.3.4", "00000000000000000001"]);
    case 7:
      return random.pick(["%", "%zz", "%E0%A4%A", "%00", "%FF", "\u0000", "'; select 1; --", "<script>", "..", "ſ", "🙂", "\\"]);
    case 8:
      return "9".repeat(random.int(20, 400));
    case 9:
      return random.bytes(random.int(0, 24)).toString("latin1");
    case 10:
      return "a".repeat(random.int(1, 4096));
    case 11:
      return `0.0.${random.bytes(20).toString("hex")}`;
    case 12:
      return random.pick(["KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ", "0.0.KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ", "AAAAAAAAAA"]);
    default:
      return random.bytes(random.int(32, 33)).toString("hex");
  }
}

/** A path parameter: mostly plausible (existing entities of the demo ledger among them), sometimes junk or a malformed escape. */
function pathValue(random: Random, name: string): string {
  if (random.chance(0.03)) return random.pick(["%zz", "%", "%E0%A4%A", "a%2", "%C0%AF"]);
  // Never empty: an empty segment is another path (Next redirects it), not this route with a bad value.
  if (random.chance(0.15)) return encodeURIComponent(value(random)) || "_";
  if (/serial|sequence/i.test(name)) return String(random.int(0, 20));
  if (/timestamp/i.test(name)) return `${random.int(1_699_000_000, 1_701_000_000)}.${String(random.int(0, 999_999_999)).padStart(9, "0")}`;
  if (/hashOrNumber/.test(name)) return random.chance(0.7) ? String(random.int(0, 400_000)) : `0x${random.bytes(48).toString("hex")}`;
  if (/transactionIdOrHash/.test(name)) {
    return random.chance(0.7) ? `0.0.${random.int(2, 4000)}-${random.int(1_699_000_000, 1_701_000_000)}-${random.int(0, 999_999_999)}` : random.bytes(48).toString("hex");
  }
  return random.chance(0.8) ? `0.0.${random.int(1, 4000)}` : String(random.int(1, 4000));
}

/** A query string: a few entries, repeated keys, raw (unencoded) bytes now and then. */
function queryString(random: Random): string {
  const count = random.weighted<number>([[0, 3], [1, 4], [2, 3], [3, 2], [6, 1], [12, 1]]);
  const parts: string[] = [];
  for (let index = 0; index < count; index++) {
    const key = random.pick(KEYS);
    const raw = `${random.pick(OPERATORS)}${value(random)}`;
    parts.push(`${encodeURIComponent(key)}=${random.chance(0.9) ? encodeURIComponent(raw) : raw.replace(/[\s#&\u0000-\u001f\u007f-\uffff]/g, "_")}`);
  }
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

const MIRROR_PATHS = ROUTES.filter((route) => route.face === "mirror").map((route) => route.path);

/** A GET (now and then another method) on any mirror endpoint, with fuzzed path and query parameters. */
export function mirrorQueryRequest(random: Random): FuzzRequest {
  const template = random.pick(MIRROR_PATHS);
  const path = template.replace(/\{(\w+)\}/g, (_whole, name: string) => pathValue(random, name));
  const method = random.chance(0.97) ? "GET" : random.pick(["PUT", "DELETE", "PATCH", "POST"]);
  return { method, path: `${path}${queryString(random)}`, headers: {} };
}
