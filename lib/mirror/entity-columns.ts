/**
 * The `entity` columns that stay empty until something sets them: no key,
 * alias, balance, expiry, renewal or staking choice yet, not deleted, rewards
 * not declined. The demo seed and the conformance loader both start a row
 * from these and add their own conventions for the rest.
 */
export const UNSET_ENTITY_COLUMNS = {
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
  obtainer_id: null,
  public_key: null,
  staked_account_id: null,
} as const;
