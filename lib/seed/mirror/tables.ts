/**
 * The mirror tables the demo ledger writes, with the columns it sets and how
 * each is typed in the database. Columns left out keep their defaults.
 */
export type ColumnType = "bigint" | "integer" | "smallint" | "boolean" | "text" | "bytea" | "jsonb" | "int8range" | "bigint[]" | "smallint[]" | `enum:${string}`;

/** What a row holds for a column of each type; null for SQL NULL. A range is `[lower, upper)`, upper null when open. */
export type ColumnValue<T extends ColumnType> = T extends "bigint"
  ? bigint
  : T extends "integer" | "smallint"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "bytea"
        ? Uint8Array
        : T extends "int8range"
          ? readonly [bigint, bigint | null]
          : T extends "bigint[]"
            ? readonly bigint[]
            : T extends "smallint[]"
              ? readonly number[]
            : T extends "jsonb"
              ? unknown
              : string;

export type TableSpec = Readonly<Record<string, ColumnType>>;
export type Row<S extends TableSpec> = { -readonly [K in keyof S]: ColumnValue<S[K]> | null };

const ENTITY = {
  id: "bigint",
  alias: "bytea",
  auto_renew_account_id: "bigint",
  auto_renew_period: "bigint",
  balance: "bigint",
  balance_timestamp: "bigint",
  created_timestamp: "bigint",
  decline_reward: "boolean",
  deleted: "boolean",
  ethereum_nonce: "bigint",
  evm_address: "bytea",
  expiration_timestamp: "bigint",
  key: "bytea",
  max_automatic_token_associations: "integer",
  memo: "text",
  num: "bigint",
  obtainer_id: "bigint",
  public_key: "text",
  realm: "bigint",
  receiver_sig_required: "boolean",
  shard: "bigint",
  stake_period_start: "bigint",
  staked_account_id: "bigint",
  staked_node_id: "bigint",
  timestamp_range: "int8range",
  type: "enum:entity_type",
} as const satisfies TableSpec;

const TOKEN = {
  token_id: "bigint",
  created_timestamp: "bigint",
  decimals: "bigint",
  fee_schedule_key: "bytea",
  freeze_default: "boolean",
  freeze_key: "bytea",
  freeze_status: "smallint",
  initial_supply: "bigint",
  kyc_key: "bytea",
  kyc_status: "smallint",
  max_supply: "bigint",
  metadata: "bytea",
  metadata_key: "bytea",
  name: "text",
  pause_key: "bytea",
  pause_status: "enum:token_pause_status",
  supply_key: "bytea",
  supply_type: "enum:token_supply_type",
  symbol: "text",
  timestamp_range: "int8range",
  total_supply: "bigint",
  treasury_account_id: "bigint",
  type: "enum:token_type",
  wipe_key: "bytea",
} as const satisfies TableSpec;

const NFT = {
  account_id: "bigint",
  created_timestamp: "bigint",
  deleted: "boolean",
  metadata: "bytea",
  serial_number: "bigint",
  spender: "bigint",
  timestamp_range: "int8range",
  token_id: "bigint",
} as const satisfies TableSpec;

const TOKEN_ACCOUNT = {
  account_id: "bigint",
  associated: "boolean",
  automatic_association: "boolean",
  balance: "bigint",
  balance_timestamp: "bigint",
  created_timestamp: "bigint",
  freeze_status: "smallint",
  kyc_status: "smallint",
  timestamp_range: "int8range",
  token_id: "bigint",
} as const satisfies TableSpec;

const TOKEN_AIRDROP = {
  amount: "bigint",
  receiver_account_id: "bigint",
  sender_account_id: "bigint",
  serial_number: "bigint",
  state: "enum:airdrop_state",
  timestamp_range: "int8range",
  token_id: "bigint",
} as const satisfies TableSpec;

const CRYPTO_ALLOWANCE = {
  amount: "bigint",
  amount_granted: "bigint",
  owner: "bigint",
  payer_account_id: "bigint",
  spender: "bigint",
  timestamp_range: "int8range",
} as const satisfies TableSpec;

const TOKEN_ALLOWANCE = { ...CRYPTO_ALLOWANCE, token_id: "bigint" } as const satisfies TableSpec;

const CONTRACT_TABLES = {
  contract: { file_id: "bigint", id: "bigint", initcode: "bytea", runtime_bytecode: "bytea" },
  contract_action: {
    call_depth: "integer",
    call_operation_type: "integer",
    call_type: "integer",
    caller: "bigint",
    caller_type: "enum:entity_type",
    consensus_timestamp: "bigint",
    gas: "bigint",
    gas_used: "bigint",
    index: "integer",
    input: "bytea",
    payer_account_id: "bigint",
    recipient_account: "bigint",
    recipient_address: "bytea",
    recipient_contract: "bigint",
    result_data: "bytea",
    result_data_type: "integer",
    value: "bigint",
  },
  contract_log: {
    bloom: "bytea",
    consensus_timestamp: "bigint",
    contract_id: "bigint",
    data: "bytea",
    index: "integer",
    payer_account_id: "bigint",
    root_contract_id: "bigint",
    synthetic: "boolean",
    topic0: "bytea",
    topic1: "bytea",
    topic2: "bytea",
    topic3: "bytea",
    transaction_hash: "bytea",
    transaction_index: "integer",
  },
  contract_result: {
    amount: "bigint",
    bloom: "bytea",
    call_result: "bytea",
    consensus_timestamp: "bigint",
    contract_id: "bigint",
    created_contract_ids: "bigint[]",
    error_message: "text",
    failed_initcode: "bytea",
    function_parameters: "bytea",
    function_result: "bytea",
    gas_consumed: "bigint",
    gas_limit: "bigint",
    gas_used: "bigint",
    payer_account_id: "bigint",
    sender_id: "bigint",
    transaction_hash: "bytea",
    transaction_index: "integer",
    transaction_nonce: "integer",
    transaction_result: "smallint",
  },
  contract_state: { contract_id: "bigint", created_timestamp: "bigint", modified_timestamp: "bigint", slot: "bytea", value: "bytea" },
  contract_state_change: {
    consensus_timestamp: "bigint",
    contract_id: "bigint",
    migration: "boolean",
    payer_account_id: "bigint",
    slot: "bytea",
    value_read: "bytea",
    value_written: "bytea",
  },
  contract_transaction: { consensus_timestamp: "bigint", contract_ids: "bigint[]", entity_id: "bigint", payer_account_id: "bigint" },
  contract_transaction_hash: { consensus_timestamp: "bigint", entity_id: "bigint", hash: "bytea", payer_account_id: "bigint", transaction_result: "smallint" },
  ethereum_transaction: {
    access_list: "bytea",
    authorization_list: "jsonb",
    call_data: "bytea",
    call_data_id: "bigint",
    chain_id: "bytea",
    consensus_timestamp: "bigint",
    data: "bytea",
    gas_limit: "bigint",
    gas_price: "bytea",
    hash: "bytea",
    max_fee_per_gas: "bytea",
    max_gas_allowance: "bigint",
    max_priority_fee_per_gas: "bytea",
    nonce: "bigint",
    payer_account_id: "bigint",
    recovery_id: "smallint",
    signature_r: "bytea",
    signature_s: "bytea",
    signature_v: "bytea",
    to_address: "bytea",
    type: "smallint",
    value: "bytea",
  },
} as const satisfies Record<string, TableSpec>;

export const MIRROR_TABLES = {
  entity: ENTITY,
  entity_history: ENTITY,
  entity_stake: {
    id: "bigint",
    end_stake_period: "bigint",
    pending_reward: "bigint",
    staked_node_id_start: "bigint",
    staked_to_me: "bigint",
    stake_total_start: "bigint",
    timestamp_range: "int8range",
  },
  account_balance: { account_id: "bigint", balance: "bigint", consensus_timestamp: "bigint" },
  token_balance: { account_id: "bigint", balance: "bigint", consensus_timestamp: "bigint", token_id: "bigint" },
  account_balance_file: {
    consensus_timestamp: "bigint",
    count: "bigint",
    file_hash: "text",
    load_end: "bigint",
    load_start: "bigint",
    name: "text",
    synthetic: "boolean",
    time_offset: "integer",
  },
  crypto_allowance: CRYPTO_ALLOWANCE,
  token_allowance: TOKEN_ALLOWANCE,
  nft_allowance: {
    approved_for_all: "boolean",
    owner: "bigint",
    payer_account_id: "bigint",
    spender: "bigint",
    timestamp_range: "int8range",
    token_id: "bigint",
  },
  staking_reward_transfer: { account_id: "bigint", amount: "bigint", consensus_timestamp: "bigint", payer_account_id: "bigint" },
  transaction: {
    charged_tx_fee: "bigint",
    consensus_timestamp: "bigint",
    entity_id: "bigint",
    high_volume: "boolean",
    index: "integer",
    initial_balance: "bigint",
    max_fee: "bigint",
    memo: "bytea",
    nft_transfer: "jsonb",
    node_account_id: "bigint",
    nonce: "integer",
    parent_consensus_timestamp: "bigint",
    payer_account_id: "bigint",
    result: "smallint",
    scheduled: "boolean",
    transaction_hash: "bytea",
    type: "smallint",
    valid_duration_seconds: "bigint",
    valid_start_ns: "bigint",
  },
  transaction_hash: { consensus_timestamp: "bigint", hash: "bytea", hash_suffix: "bytea", payer_account_id: "bigint" },
  crypto_transfer: { amount: "bigint", consensus_timestamp: "bigint", entity_id: "bigint", is_approval: "boolean", payer_account_id: "bigint" },
  token_transfer: {
    account_id: "bigint",
    amount: "bigint",
    consensus_timestamp: "bigint",
    is_approval: "boolean",
    payer_account_id: "bigint",
    token_id: "bigint",
  },
  assessed_custom_fee: {
    amount: "bigint",
    collector_account_id: "bigint",
    consensus_timestamp: "bigint",
    effective_payer_account_ids: "bigint[]",
    payer_account_id: "bigint",
    token_id: "bigint",
  },
  transaction_signature: { consensus_timestamp: "bigint", entity_id: "bigint", public_key_prefix: "bytea", signature: "bytea", type: "smallint" },
  record_file: {
    consensus_end: "bigint",
    consensus_start: "bigint",
    count: "bigint",
    digest_algorithm: "integer",
    file_hash: "text",
    gas_used: "bigint",
    hapi_version_major: "integer",
    hapi_version_minor: "integer",
    hapi_version_patch: "integer",
    hash: "text",
    index: "bigint",
    load_end: "bigint",
    load_start: "bigint",
    logs_bloom: "bytea",
    name: "text",
    node_id: "bigint",
    prev_hash: "text",
    sidecar_count: "integer",
    size: "integer",
    software_version_major: "integer",
    software_version_minor: "integer",
    software_version_patch: "integer",
    version: "integer",
  },
  schedule: {
    consensus_timestamp: "bigint",
    creator_account_id: "bigint",
    executed_timestamp: "bigint",
    expiration_time: "bigint",
    payer_account_id: "bigint",
    schedule_id: "bigint",
    transaction_body: "bytea",
    wait_for_expiry: "boolean",
  },
  token: TOKEN,
  token_history: TOKEN,
  custom_fee: { entity_id: "bigint", fixed_fees: "jsonb", fractional_fees: "jsonb", royalty_fees: "jsonb", timestamp_range: "int8range" },
  token_account: TOKEN_ACCOUNT,
  token_account_history: TOKEN_ACCOUNT,
  nft: NFT,
  nft_history: NFT,
  token_airdrop: TOKEN_AIRDROP,
  token_airdrop_history: TOKEN_AIRDROP,
  topic: {
    id: "bigint",
    admin_key: "bytea",
    created_timestamp: "bigint",
    fee_exempt_key_list: "bytea",
    fee_schedule_key: "bytea",
    submit_key: "bytea",
    timestamp_range: "int8range",
  },
  topic_message: {
    chunk_num: "integer",
    chunk_total: "integer",
    consensus_timestamp: "bigint",
    initial_transaction_id: "bytea",
    message: "bytea",
    payer_account_id: "bigint",
    running_hash: "bytea",
    running_hash_version: "smallint",
    sequence_number: "bigint",
    topic_id: "bigint",
    valid_start_timestamp: "bigint",
  },
  file_data: { consensus_timestamp: "bigint", entity_id: "bigint", file_data: "bytea", transaction_type: "smallint" },
  address_book: {
    end_consensus_timestamp: "bigint",
    file_data: "bytea",
    file_id: "bigint",
    node_count: "integer",
    start_consensus_timestamp: "bigint",
  },
  address_book_entry: {
    consensus_timestamp: "bigint",
    description: "text",
    memo: "text",
    node_account_id: "bigint",
    node_cert_hash: "bytea",
    node_id: "bigint",
    public_key: "text",
    stake: "bigint",
  },
  address_book_service_endpoint: { consensus_timestamp: "bigint", domain_name: "text", ip_address_v4: "text", node_id: "bigint", port: "integer" },
  node: {
    account_id: "bigint",
    admin_key: "bytea",
    associated_registered_nodes: "bigint[]",
    created_timestamp: "bigint",
    decline_reward: "boolean",
    deleted: "boolean",
    grpc_proxy_endpoint: "jsonb",
    node_id: "bigint",
    timestamp_range: "int8range",
  },
  registered_node: {
    admin_key: "bytea",
    created_timestamp: "bigint",
    deleted: "boolean",
    description: "text",
    registered_node_id: "bigint",
    service_endpoints: "jsonb",
    timestamp_range: "int8range",
    type: "smallint[]",
  },
  node_stake: {
    consensus_timestamp: "bigint",
    epoch_day: "bigint",
    max_stake: "bigint",
    min_stake: "bigint",
    node_id: "bigint",
    reward_rate: "bigint",
    stake: "bigint",
    stake_not_rewarded: "bigint",
    stake_rewarded: "bigint",
    staking_period: "bigint",
  },
  network_stake: {
    consensus_timestamp: "bigint",
    epoch_day: "bigint",
    max_stake_rewarded: "bigint",
    max_staking_reward_rate_per_hbar: "bigint",
    max_total_reward: "bigint",
    node_reward_fee_denominator: "bigint",
    node_reward_fee_numerator: "bigint",
    reserved_staking_rewards: "bigint",
    reward_balance_threshold: "bigint",
    stake_total: "bigint",
    staking_period: "bigint",
    staking_period_duration: "bigint",
    staking_periods_stored: "bigint",
    staking_reward_fee_denominator: "bigint",
    staking_reward_fee_numerator: "bigint",
    staking_reward_rate: "bigint",
    staking_start_threshold: "bigint",
    unreserved_staking_reward_balance: "bigint",
  },
  ...CONTRACT_TABLES,
} as const satisfies Record<string, TableSpec>;

export type MirrorTable = keyof typeof MIRROR_TABLES;
export type MirrorRow<T extends MirrorTable> = Row<(typeof MIRROR_TABLES)[T]>;

/** Rows collected per table, written in one go at the end. */
export class MirrorRows {
  private readonly tables = new Map<MirrorTable, unknown[]>();

  add<T extends MirrorTable>(table: T, row: MirrorRow<T>): void {
    this.of(table).push(row);
  }

  /** The table's rows so far: a live array that later rows are added to. */
  of<T extends MirrorTable>(table: T): MirrorRow<T>[] {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = []));
    return rows as MirrorRow<T>[];
  }

  counts(): Record<string, number> {
    return Object.fromEntries([...this.tables].map(([table, rows]) => [table, rows.length]));
  }
}
