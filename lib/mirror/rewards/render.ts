import { formatEntityId } from "../entity-id";
import { formatTimestamp } from "../timestamp";
import type { RewardRow } from "./queries";

export function renderReward(row: RewardRow) {
  return { account_id: formatEntityId(row.account_id), amount: row.amount, timestamp: formatTimestamp(row.consensus_timestamp) };
}
