import type { MirrorRow } from "./tables";

type EntityRow = MirrorRow<"entity">;

/**
 * An `entity` (or `entity_history`) row of shard 0, realm 0: what a file,
 * token, topic or schedule sets, over defaults for the columns only accounts
 * fill (balances, staking, EVM address, …).
 */
export function entityRow(fields: Pick<EntityRow, "id" | "type" | "timestamp_range"> & Partial<EntityRow>): EntityRow {
  return {
    alias: null,
    auto_renew_account_id: null,
    auto_renew_period: null,
    balance: null,
    balance_timestamp: null,
    created_timestamp: null,
    decline_reward: false,
    deleted: false,
    ethereum_nonce: null,
    evm_address: null,
    expiration_timestamp: null,
    key: null,
    max_automatic_token_associations: null,
    memo: "",
    num: fields.id,
    obtainer_id: null,
    public_key: null,
    realm: 0n,
    receiver_sig_required: null,
    shard: 0n,
    stake_period_start: null,
    staked_account_id: null,
    staked_node_id: null,
    ...fields,
  };
}
