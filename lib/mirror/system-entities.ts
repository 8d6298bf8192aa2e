/**
 * The network's well-known entities, by num. They live in the system shard
 * and realm (`systemEntityId` turns a num into the id to query there); in
 * shard 0 realm 0, the demo seed's, the num is the encoded id itself.
 */

/** Node accounts start here: 0.0.3 is node 0. */
export const FIRST_NODE_ACCOUNT_NUM = 3n;
export const TREASURY_ACCOUNT_NUM = 2n;
export const SYSTEM_ADMIN_ACCOUNT_NUM = 50n;
export const ADDRESS_BOOK_ADMIN_ACCOUNT_NUM = 55n;
export const FEE_SCHEDULE_ADMIN_ACCOUNT_NUM = 56n;
export const EXCHANGE_RATE_ADMIN_ACCOUNT_NUM = 57n;
export const FREEZE_ADMIN_ACCOUNT_NUM = 58n;
/** Receives the network's share of transaction fees. */
export const FEE_COLLECTION_ACCOUNT_NUM = 98n;
/** Pays staking rewards. */
export const STAKING_REWARD_ACCOUNT_NUM = 800n;
export const NODE_REWARD_ACCOUNT_NUM = 801n;

/** The address book (`NodeAddressBook`) clients read. */
export const ADDRESS_BOOK_FILE_NUM = 101n;
/** The node details (`NodeAddressBook` with every field): the one /network/nodes serves by default. */
export const NODE_DETAILS_FILE_NUM = 102n;
/** The current and next legacy fee schedules (`CurrentAndNextFeeSchedule`). */
export const FEE_SCHEDULE_FILE_NUM = 111n;
/** The current and next hbar↔cent rates (`ExchangeRateSet`). */
export const EXCHANGE_RATE_FILE_NUM = 112n;
/** The simple-fees schedule (a JSON `FeeSchedule` document). */
export const SIMPLE_FEE_SCHEDULE_FILE_NUM = 113n;

/** Files 0.0.1 to this one are system files (fees.md §6.3: a privileged update of one is free). */
export const LAST_SYSTEM_FILE_NUM = 750n;
