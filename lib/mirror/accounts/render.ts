import { encodeBase32 } from "../base32";
import { formatEntityId, formatOptionalEntityId, longZeroEvmAddress } from "../entity-id";
import { expiry } from "../expiry";
import { formatKey } from "../keys";
import { NANOS_PER_DAY, formatOptionalTimestamp } from "../timestamp";
import type { AccountListRow, AccountRow, BalanceColumns, RelationshipRow } from "./queries";

/** The account bodies of /accounts and /accounts/{id} (upstream `accounts.processRow`) and the token relationships of /accounts/{id}/tokens. */

export type AccountBalance = { balance: bigint | null; timestamp: bigint | null; tokens: Array<{ token_id: bigint; balance: bigint }> };

export function balanceOf(row: BalanceColumns): AccountBalance {
  return {
    balance: row.balance,
    timestamp: row.balance_timestamp,
    tokens: (row.token_balances ?? []).map((token) => ({ token_id: BigInt(token.token_id), balance: BigInt(token.balance) })),
  };
}

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

const FREEZE_STATUS = ["NOT_APPLICABLE", "FROZEN", "UNFROZEN"] as const;
const KYC_STATUS = ["NOT_APPLICABLE", "GRANTED", "REVOKED"] as const;

export function renderTokenRelationship(row: RelationshipRow) {
  return {
    automatic_association: row.automatic_association,
    balance: row.balance,
    created_timestamp: formatOptionalTimestamp(row.created_timestamp),
    decimals: row.decimals,
    freeze_status: row.freeze_status === null ? null : (FREEZE_STATUS[row.freeze_status] ?? null),
    kyc_status: row.kyc_status === null ? null : (KYC_STATUS[row.kyc_status] ?? null),
    token_id: formatEntityId(row.token_id),
  };
}

/** An /accounts row: its balance only when the balances were selected. */
export function renderListedAccount(row: AccountListRow, includeBalance: boolean, options: { delegationAddress: boolean }) {
  const balance = includeBalance ? balanceOf({ balance: row.balance ?? null, balance_timestamp: row.balance_timestamp ?? null, token_balances: row.token_balances ?? null }) : null;
  return renderAccount(row, balance, options);
}
