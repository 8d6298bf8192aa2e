-- The rest of the mirror node tables the /api/v1 endpoints read, as the upstream mirror node
-- (0.154.0, "v1" schema) defines them: same names, columns, types and defaults, unpartitioned.
-- History twins hold superseded versions (closed timestamp_range) and, like upstream, have no
-- primary key. Indexes are the ones upstream's queries rely on.
CREATE TYPE airdrop_state AS ENUM ('CANCELLED', 'CLAIMED', 'PENDING');
CREATE TYPE errata_type AS ENUM ('INSERT', 'DELETE');

-- Entities and accounts

CREATE TABLE entity_history (LIKE entity INCLUDING DEFAULTS);
CREATE INDEX entity_history__id_lower_timestamp ON entity_history (id, lower(timestamp_range));

CREATE TABLE entity_stake (
  id                   bigint PRIMARY KEY,
  end_stake_period     bigint NOT NULL,
  pending_reward       bigint NOT NULL,
  staked_node_id_start bigint NOT NULL,
  staked_to_me         bigint NOT NULL,
  stake_total_start    bigint NOT NULL,
  timestamp_range      int8range NOT NULL
);
CREATE TABLE entity_stake_history (LIKE entity_stake INCLUDING DEFAULTS);
CREATE INDEX entity_stake_history__id_lower_timestamp ON entity_stake_history (id, lower(timestamp_range));

CREATE TABLE entity_transaction (
  consensus_timestamp bigint NOT NULL,
  entity_id           bigint NOT NULL,
  payer_account_id    bigint NOT NULL,
  result              smallint NOT NULL,
  type                smallint NOT NULL,
  PRIMARY KEY (entity_id, consensus_timestamp)
);

CREATE TABLE account_balance (
  account_id          bigint NOT NULL,
  balance             bigint NOT NULL,
  consensus_timestamp bigint NOT NULL,
  PRIMARY KEY (account_id, consensus_timestamp)
);
CREATE INDEX account_balance__timestamp ON account_balance (consensus_timestamp);

CREATE TABLE token_balance (
  account_id          bigint NOT NULL,
  balance             bigint NOT NULL,
  consensus_timestamp bigint NOT NULL,
  token_id            bigint NOT NULL,
  PRIMARY KEY (account_id, token_id, consensus_timestamp)
);
CREATE INDEX token_balance__token_account_timestamp ON token_balance (token_id, account_id, consensus_timestamp);

CREATE TABLE account_balance_file (
  bytes               bytea,
  consensus_timestamp bigint PRIMARY KEY,
  count               bigint NOT NULL,
  file_hash           varchar(96),
  load_end            bigint NOT NULL,
  load_start          bigint NOT NULL,
  name                varchar(250) NOT NULL,
  synthetic           boolean NOT NULL DEFAULT false,
  time_offset         integer NOT NULL DEFAULT 0
);

CREATE TABLE crypto_allowance (
  amount           bigint NOT NULL DEFAULT 0,
  amount_granted   bigint NOT NULL,
  owner            bigint NOT NULL,
  payer_account_id bigint NOT NULL,
  spender          bigint NOT NULL,
  timestamp_range  int8range NOT NULL,
  PRIMARY KEY (owner, spender)
);
CREATE TABLE crypto_allowance_history (LIKE crypto_allowance INCLUDING DEFAULTS);
CREATE INDEX crypto_allowance_history__owner_spender_lower_timestamp
  ON crypto_allowance_history (owner, spender, lower(timestamp_range));

CREATE TABLE token_allowance (
  amount           bigint NOT NULL DEFAULT 0,
  amount_granted   bigint NOT NULL,
  owner            bigint NOT NULL,
  payer_account_id bigint NOT NULL,
  spender          bigint NOT NULL,
  timestamp_range  int8range NOT NULL,
  token_id         bigint NOT NULL,
  PRIMARY KEY (owner, spender, token_id)
);
CREATE TABLE token_allowance_history (LIKE token_allowance INCLUDING DEFAULTS);
CREATE INDEX token_allowance_history__owner_spender_token_lower_timestamp
  ON token_allowance_history (owner, spender, token_id, lower(timestamp_range));

CREATE TABLE nft_allowance (
  approved_for_all boolean NOT NULL,
  owner            bigint NOT NULL,
  payer_account_id bigint NOT NULL,
  spender          bigint NOT NULL,
  timestamp_range  int8range NOT NULL,
  token_id         bigint NOT NULL,
  PRIMARY KEY (owner, spender, token_id)
);
CREATE INDEX nft_allowance__spender_owner_token ON nft_allowance (spender, owner, token_id);
CREATE TABLE nft_allowance_history (LIKE nft_allowance INCLUDING DEFAULTS);
CREATE INDEX nft_allowance_history__owner_spender_token_lower_timestamp
  ON nft_allowance_history (owner, spender, token_id, lower(timestamp_range));

CREATE TABLE staking_reward_transfer (
  account_id          bigint NOT NULL,
  amount              bigint NOT NULL,
  consensus_timestamp bigint NOT NULL,
  payer_account_id    bigint NOT NULL,
  PRIMARY KEY (consensus_timestamp, account_id)
);
CREATE INDEX staking_reward_transfer__account_timestamp ON staking_reward_transfer (account_id, consensus_timestamp);

CREATE TABLE contract (
  file_id          bigint,
  id               bigint PRIMARY KEY,
  initcode         bytea,
  runtime_bytecode bytea
);

-- Transactions and transfers

CREATE TABLE transaction (
  batch_key                      bytea,
  charged_tx_fee                 bigint,
  congestion_pricing_multiplier  bigint,
  consensus_timestamp            bigint PRIMARY KEY,
  entity_id                      bigint,
  errata                         errata_type,
  high_volume                    boolean NOT NULL DEFAULT false,
  high_volume_pricing_multiplier bigint,
  index                          integer,
  initial_balance                bigint DEFAULT 0,
  inner_transactions             bigint[],
  itemized_transfer              jsonb,
  max_custom_fees                bytea[],
  max_fee                        bigint,
  memo                           bytea,
  nft_transfer                   jsonb,
  node_account_id                bigint,
  nonce                          integer NOT NULL DEFAULT 0,
  parent_consensus_timestamp     bigint,
  payer_account_id               bigint NOT NULL,
  result                         smallint NOT NULL,
  scheduled                      boolean NOT NULL DEFAULT false,
  transaction_bytes              bytea,
  transaction_hash               bytea,
  transaction_record_bytes       bytea,
  type                           smallint NOT NULL,
  valid_duration_seconds         bigint,
  valid_start_ns                 bigint NOT NULL
);
CREATE INDEX transaction__payer_account_id ON transaction (payer_account_id, consensus_timestamp);
CREATE INDEX transaction__type_consensus_timestamp ON transaction (type, consensus_timestamp);
CREATE INDEX transaction__transaction_id ON transaction (valid_start_ns, payer_account_id);
-- Few transactions fail: /transactions?result=fail reads this rather than every row by timestamp.
CREATE INDEX transaction__failed ON transaction (consensus_timestamp) WHERE result NOT IN (22, 104, 220);

CREATE TABLE transaction_hash (
  consensus_timestamp bigint NOT NULL,
  hash                bytea NOT NULL,
  hash_suffix         bytea,
  payer_account_id    bigint
);
CREATE INDEX transaction_hash__hash ON transaction_hash (hash);

-- The 48-byte transaction hash is stored split; this is upstream's lookup over both halves.
CREATE FUNCTION get_transaction_info_by_hash(bytea)
  RETURNS TABLE (consensus_timestamp bigint, hash bytea, payer_account_id bigint)
  LANGUAGE sql STABLE AS $$
    SELECT consensus_timestamp, hash || coalesce(hash_suffix, ''::bytea), payer_account_id
      FROM transaction_hash
     WHERE transaction_hash.hash = substring($1 from 1 for 32)
$$;

CREATE TABLE crypto_transfer (
  amount              bigint NOT NULL,
  consensus_timestamp bigint NOT NULL,
  entity_id           bigint NOT NULL,
  errata              errata_type,
  is_approval         boolean,
  payer_account_id    bigint NOT NULL
);
CREATE INDEX crypto_transfer__consensus_timestamp ON crypto_transfer (consensus_timestamp);
-- 0.0.98 (fee collector) is in nearly every transaction: indexing it would not help a lookup.
CREATE INDEX crypto_transfer__entity_id_consensus_timestamp ON crypto_transfer (entity_id, consensus_timestamp)
  WHERE entity_id <> 98;

CREATE TABLE token_transfer (
  account_id          bigint NOT NULL,
  amount              bigint NOT NULL,
  consensus_timestamp bigint NOT NULL,
  is_approval         boolean,
  payer_account_id    bigint NOT NULL,
  token_id            bigint NOT NULL
);
CREATE INDEX token_transfer__consensus_timestamp ON token_transfer (consensus_timestamp);
CREATE INDEX token_transfer__account_timestamp ON token_transfer (account_id, consensus_timestamp);

CREATE TABLE assessed_custom_fee (
  amount                      bigint NOT NULL,
  collector_account_id        bigint NOT NULL,
  consensus_timestamp         bigint NOT NULL,
  effective_payer_account_ids bigint[] NOT NULL,
  payer_account_id            bigint NOT NULL,
  token_id                    bigint
);
CREATE INDEX assessed_custom_fee__consensus_timestamp ON assessed_custom_fee (consensus_timestamp);

CREATE TABLE transaction_signature (
  consensus_timestamp bigint NOT NULL,
  entity_id           bigint,
  public_key_prefix   bytea NOT NULL,
  signature           bytea NOT NULL,
  type                smallint,
  UNIQUE (consensus_timestamp, public_key_prefix)
);
CREATE INDEX transaction_signature__entity_id ON transaction_signature (entity_id, consensus_timestamp);

CREATE TABLE record_file (
  bytes                              bytea,
  consensus_end                      bigint PRIMARY KEY,
  consensus_start                    bigint NOT NULL,
  count                              bigint NOT NULL,
  digest_algorithm                   integer NOT NULL,
  file_hash                          varchar(96) NOT NULL,
  gas_used                           bigint DEFAULT -1,
  hapi_version_major                 integer,
  hapi_version_minor                 integer,
  hapi_version_patch                 integer,
  hash                               varchar(96) NOT NULL,
  index                              bigint NOT NULL,
  load_end                           bigint NOT NULL,
  load_start                         bigint NOT NULL,
  logs_bloom                         bytea,
  name                               varchar(250) NOT NULL,
  node_id                            bigint,
  prev_hash                          varchar(96) NOT NULL,
  previous_wrapped_record_block_hash varchar(96),
  round_end                          bigint,
  round_start                        bigint,
  sidecar_count                      integer NOT NULL DEFAULT 0,
  size                               integer,
  software_version_major             integer,
  software_version_minor             integer,
  software_version_patch             integer,
  version                            integer NOT NULL,
  wrapped_record_block_hash          varchar(96)
);
-- Upstream's unique indexes include consensus_end (partitioning), so neither column is unique alone.
CREATE INDEX record_file__index ON record_file (index);
-- In the C collation as upstream creates it: byte order lets a hash-prefix range (/blocks/{hash}) use it.
CREATE INDEX record_file__hash ON record_file (hash COLLATE "C");

CREATE TABLE schedule (
  consensus_timestamp bigint NOT NULL,
  creator_account_id  bigint NOT NULL,
  executed_timestamp  bigint,
  expiration_time     bigint,
  payer_account_id    bigint NOT NULL,
  schedule_id         bigint PRIMARY KEY,
  transaction_body    bytea NOT NULL,
  wait_for_expiry     boolean NOT NULL DEFAULT false
);
CREATE INDEX schedule__creator_account_id ON schedule (creator_account_id, schedule_id);

-- Tokens and NFTs

CREATE TABLE token_history (LIKE token INCLUDING DEFAULTS);
CREATE INDEX token_history__token_id_lower_timestamp ON token_history (token_id, lower(timestamp_range));

CREATE TABLE custom_fee_history (LIKE custom_fee INCLUDING DEFAULTS);
CREATE INDEX custom_fee_history__entity_id_lower_timestamp ON custom_fee_history (entity_id, lower(timestamp_range));

CREATE TABLE token_account (
  account_id            bigint NOT NULL,
  associated            boolean NOT NULL DEFAULT false,
  automatic_association boolean DEFAULT false,
  balance               bigint NOT NULL DEFAULT 0,
  balance_timestamp     bigint,
  created_timestamp     bigint,
  freeze_status         smallint,
  kyc_status            smallint,
  timestamp_range       int8range NOT NULL,
  token_id              bigint NOT NULL,
  PRIMARY KEY (account_id, token_id)
);
CREATE INDEX token_account__token_account ON token_account (token_id, account_id);
CREATE TABLE token_account_history (LIKE token_account INCLUDING DEFAULTS);
CREATE INDEX token_account_history__account_token_lower_timestamp
  ON token_account_history (account_id, token_id, lower(timestamp_range));

CREATE TABLE nft (
  account_id         bigint,
  created_timestamp  bigint,
  delegating_spender bigint,
  deleted            boolean,
  metadata           bytea,
  serial_number      bigint NOT NULL,
  spender            bigint,
  timestamp_range    int8range NOT NULL,
  token_id           bigint NOT NULL,
  PRIMARY KEY (token_id, serial_number)
);
CREATE INDEX nft__account_token_serial ON nft (account_id, token_id, serial_number);
CREATE TABLE nft_history (LIKE nft INCLUDING DEFAULTS);
CREATE INDEX nft_history__token_serial_lower_timestamp ON nft_history (token_id, serial_number, lower(timestamp_range));

CREATE TABLE token_airdrop (
  amount              bigint,
  receiver_account_id bigint NOT NULL,
  sender_account_id   bigint NOT NULL,
  serial_number       bigint NOT NULL,
  state               airdrop_state NOT NULL DEFAULT 'PENDING',
  timestamp_range     int8range NOT NULL,
  token_id            bigint NOT NULL,
  PRIMARY KEY (sender_account_id, receiver_account_id, token_id, serial_number)
);
CREATE UNIQUE INDEX token_airdrop__receiver_id ON token_airdrop (receiver_account_id, sender_account_id, token_id, serial_number);
CREATE TABLE token_airdrop_history (LIKE token_airdrop INCLUDING DEFAULTS);

-- Topics

CREATE TABLE topic_history (LIKE topic INCLUDING DEFAULTS);
CREATE INDEX topic_history__id_lower_timestamp ON topic_history (id, lower(timestamp_range));

CREATE TABLE topic_message (
  chunk_num              integer,
  chunk_total            integer,
  consensus_timestamp    bigint PRIMARY KEY,
  initial_transaction_id bytea,
  message                bytea NOT NULL,
  payer_account_id       bigint NOT NULL,
  running_hash           bytea NOT NULL,
  running_hash_version   smallint,
  sequence_number        bigint NOT NULL,
  topic_id               bigint NOT NULL,
  valid_start_timestamp  bigint
);
CREATE INDEX topic_message__topic_id_timestamp ON topic_message (topic_id, consensus_timestamp);
CREATE UNIQUE INDEX topic_message__topic_id_seqnum ON topic_message (topic_id, sequence_number);

CREATE TABLE topic_message_lookup (
  partition             text NOT NULL,
  sequence_number_range int8range NOT NULL,
  timestamp_range       int8range NOT NULL,
  topic_id              bigint NOT NULL,
  PRIMARY KEY (topic_id, partition)
);

-- Network

CREATE TABLE address_book (
  end_consensus_timestamp   bigint,
  file_data                 bytea NOT NULL,
  file_id                   bigint NOT NULL,
  node_count                integer,
  start_consensus_timestamp bigint PRIMARY KEY
);
CREATE INDEX address_book__file_id_start ON address_book (file_id, start_consensus_timestamp);

CREATE TABLE address_book_entry (
  consensus_timestamp bigint NOT NULL,
  description         varchar(100),
  memo                varchar(128),
  node_account_id     bigint NOT NULL,
  node_cert_hash      bytea,
  node_id             bigint NOT NULL,
  public_key          varchar(1024),
  stake               bigint,
  PRIMARY KEY (consensus_timestamp, node_id)
);

CREATE TABLE address_book_service_endpoint (
  consensus_timestamp bigint NOT NULL,
  domain_name         varchar(253) NOT NULL DEFAULT '',
  ip_address_v4       varchar(15) NOT NULL DEFAULT '',
  node_id             bigint NOT NULL,
  port                integer NOT NULL DEFAULT -1,
  PRIMARY KEY (consensus_timestamp, node_id, ip_address_v4, port, domain_name)
);

CREATE TABLE node (
  account_id                  bigint,
  admin_key                   bytea,
  associated_registered_nodes bigint[],
  created_timestamp           bigint,
  decline_reward              boolean NOT NULL DEFAULT false,
  deleted                     boolean NOT NULL DEFAULT false,
  grpc_proxy_endpoint         jsonb,
  node_id                     bigint PRIMARY KEY,
  timestamp_range             int8range NOT NULL
);
CREATE TABLE node_history (LIKE node INCLUDING DEFAULTS);
CREATE INDEX node_history__node_id_lower_timestamp ON node_history (node_id, lower(timestamp_range));

CREATE TABLE node_stake (
  consensus_timestamp bigint NOT NULL,
  epoch_day           bigint NOT NULL,
  max_stake           bigint NOT NULL,
  min_stake           bigint NOT NULL,
  node_id             bigint NOT NULL,
  reward_rate         bigint NOT NULL,
  stake               bigint NOT NULL,
  stake_not_rewarded  bigint NOT NULL,
  stake_rewarded      bigint NOT NULL,
  staking_period      bigint NOT NULL,
  PRIMARY KEY (consensus_timestamp, node_id)
);

CREATE TABLE network_stake (
  consensus_timestamp               bigint PRIMARY KEY,
  epoch_day                         bigint NOT NULL,
  max_stake_rewarded                bigint NOT NULL,
  max_staking_reward_rate_per_hbar  bigint NOT NULL,
  max_total_reward                  bigint NOT NULL,
  node_reward_fee_denominator       bigint NOT NULL,
  node_reward_fee_numerator         bigint NOT NULL,
  reserved_staking_rewards          bigint NOT NULL,
  reward_balance_threshold          bigint NOT NULL,
  stake_total                       bigint NOT NULL,
  staking_period                    bigint NOT NULL,
  staking_period_duration           bigint NOT NULL,
  staking_periods_stored            bigint NOT NULL,
  staking_reward_fee_denominator    bigint NOT NULL,
  staking_reward_fee_numerator      bigint NOT NULL,
  staking_reward_rate               bigint NOT NULL,
  staking_start_threshold           bigint NOT NULL,
  unreserved_staking_reward_balance bigint NOT NULL
);
