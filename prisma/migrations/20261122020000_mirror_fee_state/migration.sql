-- The mirror node tables the fee estimator's STATE mode reads, as the upstream mirror node defines them.
CREATE TYPE entity_type AS ENUM ('UNKNOWN', 'ACCOUNT', 'CONTRACT', 'FILE', 'TOPIC', 'TOKEN', 'SCHEDULE');
CREATE TYPE token_type AS ENUM ('FUNGIBLE_COMMON', 'NON_FUNGIBLE_UNIQUE');
CREATE TYPE token_supply_type AS ENUM ('INFINITE', 'FINITE');
CREATE TYPE token_pause_status AS ENUM ('NOT_APPLICABLE', 'PAUSED', 'UNPAUSED');

CREATE TABLE entity (
  id                               bigint PRIMARY KEY,
  alias                            bytea,
  auto_renew_account_id            bigint,
  auto_renew_period                bigint,
  balance                          bigint,
  balance_timestamp                bigint,
  created_timestamp                bigint,
  decline_reward                   boolean NOT NULL DEFAULT false,
  deleted                          boolean,
  delegation_address               bytea,
  ethereum_nonce                   bigint DEFAULT 0,
  evm_address                      bytea,
  expiration_timestamp             bigint,
  key                              bytea,
  max_automatic_token_associations integer,
  memo                             text NOT NULL DEFAULT '',
  num                              bigint NOT NULL,
  obtainer_id                      bigint,
  permanent_removal                boolean,
  proxy_account_id                 bigint,
  public_key                       varchar,
  realm                            bigint NOT NULL,
  receiver_sig_required            boolean,
  shard                            bigint NOT NULL,
  stake_period_start               bigint DEFAULT -1,
  staked_account_id                bigint,
  staked_node_id                   bigint DEFAULT -1,
  timestamp_range                  int8range NOT NULL,
  type                             entity_type NOT NULL DEFAULT 'UNKNOWN'
);
CREATE INDEX entity__alias ON entity (alias) WHERE alias IS NOT NULL;
CREATE INDEX entity__evm_address ON entity (evm_address) WHERE evm_address IS NOT NULL;
CREATE INDEX entity__public_key_type ON entity (public_key, type) WHERE public_key IS NOT NULL;
CREATE INDEX entity__type_id ON entity (type, id);

CREATE TABLE token (
  token_id            bigint PRIMARY KEY,
  created_timestamp   bigint NOT NULL,
  decimals            bigint NOT NULL,
  fee_schedule_key    bytea,
  freeze_default      boolean NOT NULL DEFAULT false,
  freeze_key          bytea,
  freeze_status       smallint NOT NULL DEFAULT 0,
  initial_supply      bigint NOT NULL,
  kyc_key             bytea,
  kyc_status          smallint NOT NULL DEFAULT 0,
  max_supply          bigint NOT NULL DEFAULT 9223372036854775807,
  metadata            bytea,
  metadata_key        bytea,
  name                varchar(100) NOT NULL,
  pause_key           bytea,
  pause_status        token_pause_status NOT NULL DEFAULT 'NOT_APPLICABLE',
  supply_key          bytea,
  supply_type         token_supply_type NOT NULL DEFAULT 'INFINITE',
  symbol              varchar(100) NOT NULL,
  timestamp_range     int8range NOT NULL,
  total_supply        bigint NOT NULL DEFAULT 0,
  treasury_account_id bigint NOT NULL,
  type                token_type NOT NULL DEFAULT 'FUNGIBLE_COMMON',
  wipe_key            bytea
);

CREATE TABLE custom_fee (
  entity_id       bigint PRIMARY KEY,
  fixed_fees      jsonb,
  fractional_fees jsonb,
  royalty_fees    jsonb,
  timestamp_range int8range NOT NULL
);

CREATE TABLE topic (
  id                  bigint PRIMARY KEY,
  admin_key           bytea,
  created_timestamp   bigint,
  fee_exempt_key_list bytea,
  fee_schedule_key    bytea,
  submit_key          bytea,
  timestamp_range     int8range NOT NULL
);

CREATE TABLE file_data (
  consensus_timestamp bigint PRIMARY KEY,
  entity_id           bigint NOT NULL,
  file_data           bytea,
  transaction_type    smallint NOT NULL
);
CREATE INDEX file_data__id_timestamp ON file_data (entity_id, consensus_timestamp);
