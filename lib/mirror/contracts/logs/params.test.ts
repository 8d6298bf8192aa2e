import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { DEFAULT_MIRROR_CONFIG } from "../../config";
import { RequestQuery } from "../../query";
import { contractLogParams, readContractLogFilters } from "./params";

const query = (search: string) => RequestQuery.fromUrl(new URL(`http://localhost/api/v1/contracts/results/logs?${search}`));
const params = (search: string, allContracts = true) => contractLogParams(readContractLogFilters(query(search), DEFAULT_MIRROR_CONFIG, allContracts));

/** The messages a query is refused with, or [] when it is accepted. */
function refusal(search: string, allContracts = true): string[] {
  try {
    params(search, allContracts);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    return error.messages.map((entry) => entry.message);
  }
}

const TOPIC = "0x97c1fc0a6ed5551bc831571325e9bdb365d06803100dc20648640ba24ce69750";
const HASH = "9db63968721fc76815d11b0b97734669bf88ae3810e07c199924553f0548eb99";

describe("the contract log query", () => {
  it("refuses each bad value, then each unknown parameter", () => {
    expect(refusal("index=-1&index=a")).toEqual(["Invalid parameter: index", "Invalid parameter: index"]);
    expect(refusal("scheduled=true&index=1.5")).toEqual(["Invalid parameter: index", "Unknown query parameter: scheduled"]);
    expect(refusal("topic1=gt:0xaa")).toEqual(["Invalid parameter: topic1"]);
    expect(refusal(`topic0=0x${"a".repeat(65)}`)).toEqual(["Invalid parameter: topic0"]);
    expect(refusal("transaction.hash=gt:0x" + HASH)).toEqual(["Invalid parameter: transaction.hash"]);
    expect(refusal("transaction.hash=0x1234")).toEqual(["Invalid parameter: transaction.hash"]);
    expect(refusal("limit=0&order=sideways")).toEqual(["Invalid parameter: limit", "Invalid parameter: order"]);
  });

  it("takes transaction.hash only across contracts", () => {
    expect(refusal(`transaction.hash=${HASH}`, false)).toEqual(["Unknown query parameter: transaction.hash"]);
    expect(refusal(`transaction.hash=${HASH}&transaction.hash=0x${HASH}`)).toEqual(["Only one transaction.hash filter is allowed"]);
    expect(params(`transaction.hash=0x${HASH}${"ab".repeat(16)}`).transactionHash).toHaveLength(48);
  });

  it("refuses an index the integer column cannot hold, where upstream fails in the database", () => {
    expect(refusal("index=2147483648&timestamp=1")).toEqual(["Invalid parameter: index"]);
    expect(refusal("index=2147483647&timestamp=1")).toEqual([]);
  });

  it("holds the index to the timestamp, as upstream words it", () => {
    expect(refusal("index=gte:2&index=lte:7")).toEqual(["index without a timestamp parameter filter"]);
    expect(refusal("index=0&timestamp=gte:1")).toEqual(["timestamp must have eq operator"]);
    expect(refusal("index=gt:0&timestamp=lt:5")).toEqual(["timestamp must have gte or eq operator"]);
    expect(refusal("index=gt:0&timestamp=gt:5")).toEqual(["timestamp must have gte or eq operator"]);
    expect(refusal("index=lt:9&timestamp=gte:5")).toEqual(["timestamp must have lte or eq operator"]);
    expect(refusal("index=1&timestamp=1")).toEqual([]);
    expect(refusal("timestamp=ne:1")).toEqual(["Not equal (ne) operator is not supported for timestamp"]);
    expect(refusal("timestamp=gt:1&timestamp=gte:2")).toEqual(["Only one gt/gte operator is allowed for timestamp"]);
    expect(refusal("timestamp=1&timestamp=gte:2")).toEqual(["Can't support both range and equal for timestamp"]);
  });

  it("reads gte and lte of one instant as that instant, so that an eq index is allowed", () => {
    const read = params("index=1&timestamp=gte:1639010141&timestamp=lte:1639010141.000000000");
    expect(read.timestamp.equal).toEqual({ op: "eq", value: 1639010141000000000n });
    expect(read.timestamp.hasBound()).toBe(false);
  });

  it("searches topics only within a timestamp range of at most 7 days, or at instants", () => {
    const prefix = "Cannot search topics without a valid timestamp range: ";
    expect(refusal(`topic0=${TOPIC}`)).toEqual([`${prefix}No timestamp range or eq operator provided`]);
    expect(refusal(`topic0=${TOPIC}&timestamp=gte:1`)).toEqual([`${prefix}Timestamp range must have gt (or gte) and lt (or lte), or eq operator`]);
    expect(refusal(`topic0=${TOPIC}&timestamp=gte:1000000&timestamp=lte:1604799.999999999`)).toEqual([]);
    expect(refusal(`topic0=${TOPIC}&timestamp=gte:1000000&timestamp=lte:1604800`)).toEqual([
      `${prefix}Timestamp range by the lower and upper bounds must be positive and within 7d`,
    ]);
    expect(refusal(`topic0=${TOPIC}&timestamp=lte:1&timestamp=gte:2`)).toEqual([`${prefix}Timestamp range by the lower and upper bounds must be positive and within 7d`]);
    expect(refusal(`topic0=${TOPIC}&timestamp=ne:1`)).toEqual([`${prefix}Not equals operator not supported for timestamp param`]);
    expect(refusal(`topic0=${TOPIC}&timestamp=1&timestamp=gte:1`)).toEqual([`${prefix}Cannot combine eq with ne, gt, gte, lt, or lte for timestamp param`]);
    expect(refusal(`topic0=${TOPIC}&timestamp=gte:1&timestamp=gt:2&timestamp=lt:3`)).toEqual([`${prefix}Multiple gt or gte operators not permitted for timestamp param`]);
    expect(refusal(`topic0=${TOPIC}&timestamp=1&timestamp=2`)).toEqual(["Only one equal (eq) operator is allowed for timestamp"]);
  });

  it("reads topics as stored: leading zeros dropped, whole bytes, repeats as alternatives", () => {
    expect(params("topic0=0x000a&topic0=B&topic2=0x00&timestamp=1").topics).toEqual([
      { column: "topic0", values: [Uint8Array.of(0x0a), Uint8Array.of(0x0b)] },
      { column: "topic2", values: [new Uint8Array()] },
    ]);
  });

  it("defaults to the newest first and the configured page size", () => {
    expect(params("")).toMatchObject({ limit: 25, order: "desc" });
    expect(params("limit=500&order=ASC")).toMatchObject({ limit: 100, order: "asc" });
  });
});
