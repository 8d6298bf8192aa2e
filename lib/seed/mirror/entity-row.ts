import { UNSET_ENTITY_COLUMNS } from "@/lib/mirror/entity-columns";
import type { MirrorRow } from "./tables";

type EntityRow = MirrorRow<"entity">;

/**
 * An `entity` (or `entity_history`) row of shard 0, realm 0: what a file,
 * token, topic or schedule sets, over defaults for the columns only accounts
 * fill (balances, staking, EVM address, …).
 */
export function entityRow(fields: Pick<EntityRow, "id" | "type" | "timestamp_range"> & Partial<EntityRow>): EntityRow {
  return {
    ...UNSET_ENTITY_COLUMNS,
    memo: "",
    num: fields.id,
    realm: 0n,
    receiver_sig_required: null,
    shard: 0n,
    stake_period_start: null,
    staked_node_id: null,
    ...fields,
  };
}
