-- The smart contract tables the /api/v1/contracts endpoints read, as the upstream mirror node
-- (0.154.0, "v1" schema) defines them: same names, columns, types and defaults, unpartitioned.
-- `contract` itself is in 20261122030000_mirror_core. Indexes are the ones the reads rely on.

CREATE TABLE contract_result (
  amount               bigint,
  bloom                bytea,
  call_result          bytea,
  consensus_timestamp  bigint PRIMARY KEY,
  contract_id          bigint NOT NULL,
  created_contract_ids bigint[],
  error_message        text,
  failed_initcode      bytea,
  function_parameters  bytea NOT NULL,
  function_result      bytea,
  gas_consumed         bigint,
  gas_limit            bigint NOT NULL,
  gas_used             bigint,
  payer_account_id     bigint NOT NULL,
  sender_id            bigint,
  transaction_hash     bytea,
  transaction_index    integer,
  transaction_nonce    integer NOT NULL DEFAULT 0,
  transaction_result   smallint NOT NULL
);
CREATE INDEX contract_result__id_timestamp ON contract_result (contract_id, consensus_timestamp);
CREATE INDEX contract_result__sender_timestamp ON contract_result (sender_id, consensus_timestamp);

CREATE TABLE contract_log (
  bloom               bytea NOT NULL,
  consensus_timestamp bigint NOT NULL,
  contract_id         bigint NOT NULL,
  data                bytea NOT NULL,
  index               integer NOT NULL,
  payer_account_id    bigint NOT NULL,
  root_contract_id    bigint,
  synthetic           boolean NOT NULL DEFAULT false,
  topic0              bytea,
  topic1              bytea,
  topic2              bytea,
  topic3              bytea,
  transaction_hash    bytea,
  transaction_index   integer,
  PRIMARY KEY (consensus_timestamp, index)
);
CREATE INDEX contract_log__contract_id_timestamp_index ON contract_log (contract_id, consensus_timestamp DESC, index);
-- Upstream's partial index for the synthetic (HTS transfer) logs /contracts/results reads beside contract_result.
CREATE INDEX contract_log__synthetic_timestamp ON contract_log (consensus_timestamp DESC, index DESC)
  INCLUDE (contract_id, root_contract_id, payer_account_id, transaction_index, transaction_hash)
  WHERE synthetic = true;

CREATE TABLE contract_action (
  call_depth          integer NOT NULL,
  call_operation_type integer,
  call_type           integer,
  caller              bigint,
  caller_type         entity_type DEFAULT 'CONTRACT',
  consensus_timestamp bigint NOT NULL,
  gas                 bigint NOT NULL,
  gas_used            bigint NOT NULL,
  index               integer NOT NULL,
  input               bytea,
  payer_account_id    bigint NOT NULL,
  recipient_account   bigint,
  recipient_address   bytea,
  recipient_contract  bigint,
  result_data         bytea,
  result_data_type    integer NOT NULL,
  value               bigint NOT NULL,
  PRIMARY KEY (consensus_timestamp, index)
);

-- Current storage; its history is contract_state_change.
CREATE TABLE contract_state (
  contract_id        bigint NOT NULL,
  created_timestamp  bigint NOT NULL,
  modified_timestamp bigint NOT NULL,
  slot               bytea NOT NULL,
  value              bytea,
  PRIMARY KEY (contract_id, slot)
);

CREATE TABLE contract_state_change (
  consensus_timestamp bigint NOT NULL,
  contract_id         bigint NOT NULL,
  migration           boolean NOT NULL DEFAULT false,
  payer_account_id    bigint NOT NULL,
  slot                bytea NOT NULL,
  value_read          bytea NOT NULL,
  value_written       bytea,
  PRIMARY KEY (consensus_timestamp, contract_id, slot)
);
-- A contract's state at a timestamp: the latest change of each slot at or before it.
CREATE INDEX contract_state_change__id_slot_timestamp ON contract_state_change (contract_id, slot, consensus_timestamp DESC);

-- Every entity a contract transaction involved (the contracts and the payer), one row each.
CREATE TABLE contract_transaction (
  consensus_timestamp bigint NOT NULL,
  contract_ids        bigint[] NOT NULL,
  entity_id           bigint NOT NULL,
  payer_account_id    bigint NOT NULL,
  PRIMARY KEY (consensus_timestamp, entity_id)
);

-- A contract transaction by hash: the 32-byte Ethereum hash, or the first 32 bytes of the HAPI hash.
CREATE TABLE contract_transaction_hash (
  consensus_timestamp bigint NOT NULL,
  entity_id           bigint NOT NULL,
  hash                bytea NOT NULL,
  payer_account_id    bigint NOT NULL,
  transaction_result  smallint NOT NULL
);
CREATE INDEX contract_transaction_hash__hash ON contract_transaction_hash (hash);

CREATE TABLE ethereum_transaction (
  access_list              bytea,
  authorization_list       jsonb,
  call_data                bytea,
  call_data_id             bigint,
  chain_id                 bytea,
  consensus_timestamp      bigint PRIMARY KEY,
  data                     bytea NOT NULL,
  gas_limit                bigint NOT NULL,
  gas_price                bytea,
  hash                     bytea NOT NULL,
  max_fee_per_gas          bytea,
  max_gas_allowance        bigint NOT NULL,
  max_priority_fee_per_gas bytea,
  nonce                    bigint NOT NULL,
  payer_account_id         bigint NOT NULL,
  recovery_id              smallint,
  signature_r              bytea NOT NULL,
  signature_s              bytea NOT NULL,
  signature_v              bytea,
  to_address               bytea,
  type                     smallint NOT NULL,
  value                    bytea
);
CREATE INDEX ethereum_transaction__hash ON ethereum_transaction (hash);
