import type { Handler } from "@/lib/http/handler";
import type { SqlClient } from "@/lib/db";
import type { CurrencyFormat } from "../config";
import { CACHE_CONTROL } from "../cache-control";
import type { MirrorContext } from "../context";
import { systemEntityId, type SystemShardRealm } from "../entity-id";
import { javaBadRequest, javaNotFound } from "../errors";
import { RequestQuery } from "../query";
import { mirrorJson, mirrorText } from "../response";
import { firstDayOfMonth, formatTimestamp } from "../timestamp";
import { parseTimestampRange, type TimestampRange } from "./timestamp-range";
import { rejectUnknownParameters } from "./unknown-parameters";

const ACCEPTED = new Set(["timestamp", "q"]);
export const TOTAL_SUPPLY_TINYBARS = 5_000_000_000_000_000_000n;
const TINYBARS_PER_HBAR = 100_000_000n;

/** Accounts whose hbars are not yet released into circulation (num ranges, inclusive). */
const UNRELEASED_ACCOUNTS: ReadonlyArray<readonly [bigint, bigint]> = [
  [2n, 2n],
  [42n, 42n],
  [44n, 71n],
  [73n, 87n],
  [99n, 100n],
  [200n, 349n],
  [400n, 750n],
];

type Supply = { unreleased: bigint; timestamp: bigint };

/** GET /api/v1/network/supply: total and released hbar supply now or as of `timestamp`; `q` for a plain-text figure. */
export function createSupplyHandler(mirror: MirrorContext): Handler {
  return async (request) => {
    const query = RequestQuery.fromUrl(new URL(request.url));
    const timestamps = query.values("timestamp");
    const range = parseTimestampRange(timestamps);
    const figure = parseFigure(query.values("q"));
    rejectUnknownParameters(query, ACCEPTED);

    const sql = await mirror.sql();
    const supply = timestamps.length === 0 ? await currentSupply(sql, mirror.config.system) : await historicalSupply(sql, mirror.config.system, range);
    if (supply.timestamp === 0n) throw javaNotFound("Network supply not found");
    const released = TOTAL_SUPPLY_TINYBARS - supply.unreleased;
    if (figure) {
      return mirrorText(formatHbars(figure === "totalcoins" ? TOTAL_SUPPLY_TINYBARS : released, mirror.config.currencyFormat), CACHE_CONTROL.network);
    }
    return mirrorJson(
      { released_supply: released.toString(), timestamp: formatTimestamp(supply.timestamp), total_supply: TOTAL_SUPPLY_TINYBARS.toString() },
      CACHE_CONTROL.network,
    );
  };
}

function parseFigure(values: readonly string[]): "totalcoins" | "circulating" | undefined {
  if (values.length === 0) return undefined;
  const figure = values.length === 1 ? values[0]!.toLowerCase() : "";
  if (figure !== "totalcoins" && figure !== "circulating") throw javaBadRequest("Failed to convert 'q'");
  return figure;
}

/** `9999999999.99999949` (BOTH), whole hbars (HBARS) or tinybars (TINYBARS). */
export function formatHbars(tinybars: bigint, format: CurrencyFormat): string {
  if (format === "TINYBARS") return tinybars.toString();
  const hbars = tinybars / TINYBARS_PER_HBAR;
  if (format === "HBARS") return hbars.toString();
  return `${hbars}.${(tinybars % TINYBARS_PER_HBAR).toString().padStart(8, "0")}`;
}

/** `<column> BETWEEN $n AND $m OR …` over the unreleased accounts, with its parameters from `offset` on. */
function unreleasedCondition(column: string, system: SystemShardRealm, offset: number): { text: string; params: bigint[] } {
  const params = UNRELEASED_ACCOUNTS.flatMap(([low, high]) => [systemEntityId(system, low), systemEntityId(system, high)]);
  const text = UNRELEASED_ACCOUNTS.map((_, i) => `${column} BETWEEN $${offset + 2 * i} AND $${offset + 2 * i + 1}`).join(" OR ");
  return { text: `(${text})`, params };
}

/** From the accounts' current balances; the time is the newest balance update among them. */
async function currentSupply(sql: SqlClient, system: SystemShardRealm): Promise<Supply> {
  const unreleased = unreleasedCondition("id", system, 1);
  const [row] = await sql.query<Supply>(
    `SELECT coalesce(sum(balance), 0)::bigint AS unreleased, coalesce(max(balance_timestamp), 0)::bigint AS timestamp
       FROM entity WHERE ${unreleased.text}`,
    unreleased.params,
  );
  return row ?? { unreleased: 0n, timestamp: 0n };
}

/**
 * From the balance snapshots: each account's newest snapshot in the range,
 * looking back no further than the first day of the month before the upper
 * bound (snapshots are at least monthly).
 */
async function historicalSupply(sql: SqlClient, system: SystemShardRealm, range: TimestampRange): Promise<Supply> {
  const monthBefore = firstDayOfMonth(range.upper, -1);
  const lower = range.lower > monthBefore ? range.lower : monthBefore;
  const unreleased = unreleasedCondition("account_id", system, 3);
  const [row] = await sql.query<Supply>(
    `SELECT coalesce(sum(balance), 0)::bigint AS unreleased, coalesce(max(consensus_timestamp), 0)::bigint AS timestamp
       FROM (SELECT DISTINCT ON (account_id) balance, consensus_timestamp
               FROM account_balance
              WHERE consensus_timestamp BETWEEN $1 AND $2 AND ${unreleased.text}
              ORDER BY account_id, consensus_timestamp DESC) latest`,
    [lower, range.upper, ...unreleased.params],
  );
  return row ?? { unreleased: 0n, timestamp: 0n };
}
