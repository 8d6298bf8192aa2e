import { encodeBase32 } from "../base32";
import { formatEntityId, formatOptionalEntityId, longZeroEvmAddress } from "../entity-id";
import { formatKey } from "../keys";
import { expiry } from "../expiry";
import { NANOS_PER_DAY, formatOptionalTimestamp } from "../timestamp";

/**
 * The account body shared by /accounts and /accounts/{id} (upstream
 * `accounts.processRow`), from an entity row joined with its stake and balances.
 */
export type AccountRow = {
  id: bigint;
  alias: Uint8Array | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  decline_reward: boolean;
  delegation_address: Uint8Array | null;
  deleted: boolean | null;
  ethereum_nonce: bigint | null;
  evm_address: Uint8Array | null;
  expiration_timestamp: bigint | null;
  key: Uint8Array | null;
  max_automatic_token_associations: number | null;
  memo: string;
  pending_reward: bigint;
  receiver_sig_required: boolean | null;
  staked_account_id: bigint | null;
  staked_node_id: bigint | null;
  stake_period_start: bigint | null;
};

export type AccountBalance = { balance: bigint | null; timestamp: bigint | null; tokens: Array<{ token_id: bigint; balance: bigint }> };

/** Balance columns as the account queries select them; token balances as JSON with int8 as text (JSON numbers would round). */
export type BalanceColumns = { balance: bigint | null; balance_timestamp: bigint | null; token_balances: Array<{ token_id: string; balance: string }> | null };

export function balanceOf(row: BalanceColumns): AccountBalance {
  return {
    balance: row.balance,
    timestamp: row.balance_timestamp,
    tokens: (row.token_balances ?? []).map((token) => ({ token_id: BigInt(token.token_id), balance: BigInt(token.balance) })),
  };
}

/** The `token_balances` column: the first `limit` tokens account `e` is associated with, by token id. */
export function tokenBalancesColumn(direction: "ASC" | "DESC", limit: number): string {
  return `(SELECT json_agg(json_build_object('token_id', t.token_id::text, 'balance', t.balance::text))
            FROM (SELECT token_id, balance FROM token_account ta
                   WHERE ta.account_id = e.id AND ta.associated IS TRUE
                   ORDER BY token_id ${direction} LIMIT ${limit}) t) AS token_balances`;
}

/** Leaves out the treasury the mirror node synthesizes when it starts from a partial state (entity alias `e`). */
export const NOT_SYNTHETIC_TREASURY = "NOT (e.num = 2 AND e.memo = 'Mirror node created synthetic treasury account')";

const EVM_ADDRESS_LENGTH = 20;
const NO_DELEGATION = "0x0000000000000000000000000000000000000000";

export function renderAccount(row: AccountRow, balance: AccountBalance | null, options: { delegationAddress: boolean }) {
  const stakedToNode = row.staked_node_id !== null && row.staked_node_id !== -1n;
  const delegation = row.delegation_address ? hex(row.delegation_address) : null;
  return {
    account: formatEntityId(row.id),
    alias: row.alias ? encodeBase32(row.alias) : null,
    auto_renew_period: row.auto_renew_period,
    balance: balance && {
      balance: balance.balance,
      timestamp: formatOptionalTimestamp(balance.timestamp),
      tokens: balance.tokens.map((token) => ({ token_id: formatEntityId(token.token_id), balance: token.balance })),
    },
    created_timestamp: formatOptionalTimestamp(row.created_timestamp),
    decline_reward: row.decline_reward,
    ...(options.delegationAddress ? { delegation_address: delegation && delegation !== NO_DELEGATION ? delegation : "0x" } : {}),
    deleted: row.deleted,
    ethereum_nonce: row.ethereum_nonce,
    evm_address: evmAddress(row),
    expiry_timestamp: formatOptionalTimestamp(expiry(row)),
    key: formatKey(row.key),
    max_automatic_token_associations: row.max_automatic_token_associations,
    memo: row.memo,
    pending_reward: row.pending_reward,
    receiver_sig_required: row.receiver_sig_required,
    staked_account_id: formatOptionalEntityId(row.staked_account_id),
    staked_node_id: stakedToNode ? row.staked_node_id : null,
    stake_period_start: stakedToNode && row.stake_period_start !== null && row.stake_period_start !== -1n ? formatOptionalTimestamp(row.stake_period_start * NANOS_PER_DAY) : null,
  };
}

function hex(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString("hex")}`;
}

/** Its own EVM address, else a 20-byte alias (an EVM address alias), else the long-zero address. */
function evmAddress(row: AccountRow): string {
  if (row.evm_address) return hex(row.evm_address);
  if (row.alias && row.alias.length === EVM_ADDRESS_LENGTH) return hex(row.alias);
  return longZeroEvmAddress(row.id);
}

/** Entity columns of an account body, `e` being the entity and `es` its stake. */
export const ACCOUNT_COLUMNS = `e.id, e.alias, e.auto_renew_period, e.created_timestamp, e.decline_reward, e.delegation_address, e.deleted,
  e.ethereum_nonce, e.evm_address, e.expiration_timestamp, e.key, e.max_automatic_token_associations, e.memo,
  e.receiver_sig_required, e.staked_account_id, e.staked_node_id, e.stake_period_start,
  (CASE WHEN es.pending_reward IS NULL THEN 0
        WHEN e.decline_reward IS TRUE OR coalesce(e.staked_node_id, -1) = -1 THEN 0
        WHEN e.stake_period_start >= es.end_stake_period THEN 0
        ELSE es.pending_reward END)::bigint AS pending_reward`;
