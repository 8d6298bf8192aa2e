import { proto } from "@hiero-ledger/proto";
import type { SqlClient } from "@/lib/db";
import { stringifyJson } from "@/lib/http/json";
import { UNSET_ENTITY_COLUMNS } from "../entity-columns";
import { encodeEntityId, type SystemShardRealm } from "../entity-id";
import { bigIntToLong } from "../proto-long";
import { passThroughBytes, postgresArrayLiteral, specAlias, specBytes, specEntityId, nodeHex, tableFor } from "./spec-values";

/**
 * Our port of upstream's spec loader (`integrationDomainOps.setup`): each
 * setup key becomes rows of the mirror tables, with the defaults upstream fills
 * in (mirror-specs.md §4) and its value conventions (§3). Keys are loaded in
 * upstream's order; a key whose tables we do not model is an error, so a spec
 * needing it fails loudly instead of running against missing data.
 */
type Row = Record<string, unknown>;
type Load = (loader: SetupLoader, rows: Row[]) => Promise<void>;

/** Setup keys that are not table data. */
const NOT_TABLES = new Set(["config", "features", "sql"]);

export class UnsupportedSetupError extends Error {
  override name = "UnsupportedSetupError";
}

/** Loads `setup`; every table it writes to is added to `written` (before the write, so a failed load counts too). */
export async function loadSetup(sql: SqlClient, setup: Row, system: SystemShardRealm, written = new Set<string>()): Promise<void> {
  const loader = new SetupLoader(sql, system, written);
  for (const key of Object.keys(setup)) {
    if (!NOT_TABLES.has(key) && !LOADERS.has(key)) throw new UnsupportedSetupError(`setup key "${key}" is not supported by our loader`);
  }
  for (const [key, load] of LOADERS) {
    const rows = setup[key];
    if (Array.isArray(rows)) await load(loader, rows as Row[]);
    if (key === "contractStateChanges") await loadContractTransactions(loader, setup);
  }
  const query = (setup.config as { query?: { topicMessageLookup?: unknown } } | undefined)?.query;
  if (query?.topicMessageLookup === true) await generateTopicMessageLookups(loader);
}

/**
 * Upstream's `generateTopicMessageLookups`, when `query.topicMessageLookup` is
 * on and the spec gave no lookup rows: a row per topic and monthly partition
 * (`topic_message_pYYYY_MM`, by the UTC month of the consensus millisecond)
 * spanning its messages' sequence numbers and timestamps, bounds inclusive.
 */
async function generateTopicMessageLookups(loader: SetupLoader): Promise<void> {
  const existing = await loader.sql.query<{ found: boolean }>("SELECT EXISTS (SELECT 1 FROM topic_message_lookup) AS found");
  if (existing[0]?.found) return;
  loader.written.add("topic_message_lookup");
  await loader.sql.exec(
    `INSERT INTO topic_message_lookup (partition, sequence_number_range, timestamp_range, topic_id)
     SELECT partition, int8range(min(sequence_number), max(sequence_number), '[]'), int8range(min(consensus_timestamp), max(consensus_timestamp), '[]'), topic_id
       FROM (SELECT topic_id, sequence_number, consensus_timestamp,
                    'topic_message_p' || to_char(to_timestamp((consensus_timestamp / 1000000)::double precision / 1000) AT TIME ZONE 'UTC', 'YYYY_MM') AS partition
               FROM topic_message) AS message
      GROUP BY topic_id, partition`,
  );
}

class SetupLoader {
  constructor(
    readonly sql: SqlClient,
    readonly system: SystemShardRealm,
    readonly written: Set<string>,
  ) {}

  id(value: unknown): bigint | null {
    return specEntityId(value, this.system);
  }

  async insert(table: string, row: Row): Promise<void> {
    this.written.add(table);
    const columns = Object.keys(row);
    const placeholders = columns.map((_, index) => `$${index + 1}`);
    await this.sql.query(
      `INSERT INTO ${table} (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${placeholders.join(", ")})`,
      columns.map((column) => toParameter(row[column])),
    );
  }
}

function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Uint8Array) return Uint8Array.from(value);
  if (Array.isArray(value)) return postgresArrayLiteral(value);
  if (value !== null && typeof value === "object") return stringifyJson(value);
  return value;
}

/** Only the named fields, from the defaults overridden by the spec; upstream ignores any other key. */
function pick(fields: readonly string[], ...sources: Row[]): Row {
  const merged: Row = Object.assign({}, ...sources);
  return Object.fromEntries(fields.map((field) => [field, merged[field]]));
}

// Entities ------------------------------------------------------------------

const ENTITY_DEFAULTS: Row = {
  ...UNSET_ENTITY_COLUMNS,
  delegation_address: null,
  id: null,
  memo: "entity memo",
  num: 0n,
  permanent_removal: null,
  proxy_account_id: null,
  // The configured system shard and realm unless the spec names them.
  realm: null,
  receiver_sig_required: false,
  shard: null,
  staked_node_id: -1n,
  stake_period_start: -1n,
  timestamp_range: "[0,)",
  type: "ACCOUNT",
};
const ENTITY_FIELDS = Object.keys(ENTITY_DEFAULTS).sort();
const DEFAULT_PUBLIC_KEY = "4a5ad514f0957fa170a676210c9bdbddf3bc9519702cf915fa6767a40463b96f";

async function addEntity(loader: SetupLoader, defaults: Row, custom: Row): Promise<Row> {
  const entity = pick(ENTITY_FIELDS, ENTITY_DEFAULTS, { shard: loader.system.shard, realm: loader.system.realm }, defaults, custom);
  const num = truthy(entity.num) ? entity.num : truthy(entity.id) ? entity.id : 0n;
  const id = encodeEntityId(BigInt(String(entity.shard)), BigInt(String(entity.realm)), BigInt(String(num)));
  if (id === undefined) throw new Error(`setup: entity ${String(entity.shard)}.${String(entity.realm)}.${String(num)} out of range`);
  entity.id = id;
  entity.alias = specAlias(entity.alias);
  entity.evm_address = specBytes(entity.evm_address);
  entity.delegation_address = specBytes(entity.delegation_address);
  for (const field of ["staked_account_id", "obtainer_id", "proxy_account_id", "auto_renew_account_id"]) entity[field] = loader.id(entity[field]);
  entity.key = typeof entity.key === "string" ? nodeHex(entity.key) : entity.key === null ? null : specBytes(entity.key);
  await loader.insert(tableFor("entity", entity.timestamp_range), entity);
  return entity;
}

/** JavaScript truthiness of a spec value, which the upstream loader relies on (`num || id`). */
function truthy(value: unknown): boolean {
  return value !== null && value !== undefined && value !== 0n && value !== "" && value !== false && value !== 0;
}

const loadAccounts: Load = async (loader, rows) => {
  for (const row of rows) {
    await addEntity(loader, { max_automatic_token_associations: 0n, public_key: DEFAULT_PUBLIC_KEY, type: "ACCOUNT" }, row);
  }
};

const loadEntities: Load = async (loader, rows) => {
  for (const row of rows) await addEntity(loader, {}, row);
};

const loadContracts: Load = async (loader, rows) => {
  for (const row of rows) {
    const entity = await addEntity(loader, { max_automatic_token_associations: 0n, memo: "contract memo", receiver_sig_required: null, type: "CONTRACT" }, row);
    if (tableFor("entity", entity.timestamp_range) !== "entity") continue;
    await loader.insert("contract", {
      file_id: loader.id(row.file_id),
      id: entity.id,
      initcode: specBytes(row.initcode),
      runtime_bytecode: specBytes(row.runtime_bytecode),
    });
  }
};

const loadEntityStakes: Load = async (loader, rows) => {
  for (const row of rows) {
    const stake = pick(
      ["end_stake_period", "id", "pending_reward", "staked_node_id_start", "staked_to_me", "stake_total_start", "timestamp_range"],
      { end_stake_period: 1n, id: null, pending_reward: 0n, staked_node_id_start: 1n, staked_to_me: 0n, stake_total_start: 0n, timestamp_range: null },
      row,
    );
    if (stake.timestamp_range === null) {
      const seconds = 86_400n * (BigInt(String(stake.end_stake_period)) + 1n);
      stake.timestamp_range = `[${seconds * 1_000_000_000n + 1n},)`;
    }
    stake.id = loader.id(stake.id);
    await loader.insert(tableFor("entity_stake", stake.timestamp_range), stake);
  }
};

const loadEntityTransactions: Load = async (loader, rows) => {
  for (const row of rows) {
    await loader.insert("entity_transaction", { ...row, entity_id: loader.id(row.entity_id), payer_account_id: loader.id(row.payer_account_id) });
  }
};

// Balances --------------------------------------------------------------------

const loadBalances: Load = async (loader, rows) => {
  for (const input of rows) {
    const balance: Row = { timestamp: 0n, id: null, balance: 0n, ...input };
    const accountId = loader.id(String(balance.id));
    await loader.insert("account_balance", { consensus_timestamp: balance.timestamp, account_id: accountId, balance: balance.balance });
    for (const token of (balance.tokens as Row[] | undefined) ?? []) {
      await loader.insert("token_balance", {
        consensus_timestamp: balance.timestamp,
        account_id: accountId,
        balance: token.balance,
        token_id: loader.id(token.token_num),
      });
    }
  }
};

const loadTokenBalances: Load = async (loader, rows) => {
  for (const row of rows) {
    const balance: Row = { consensus_timestamp: 0n, account_id: "0.0.0", balance: 0n, token_id: "0.0.0", ...row };
    await loader.insert("token_balance", {
      consensus_timestamp: balance.consensus_timestamp,
      account_id: loader.id(balance.account_id),
      balance: balance.balance,
      token_id: loader.id(balance.token_id),
    });
  }
};

// Transactions ----------------------------------------------------------------

const NODE_FEE = 2n;
const NETWORK_FEE = 1n;
const SERVICE_FEE = 4n;
const DEFAULT_NODE_NUM = 3n;
const FEE_COLLECTOR_NUM = 98n;

const TRANSACTION_DEFAULTS: Row = {
  batch_key: null,
  charged_tx_fee: NODE_FEE + NETWORK_FEE + SERVICE_FEE,
  consensus_timestamp: null,
  entity_id: null,
  high_volume: false,
  high_volume_pricing_multiplier: 1n,
  index: 1n,
  inner_transactions: null,
  max_custom_fees: [],
  max_fee: 33n,
  nft_transfer: null,
  node_account_id: null,
  nonce: 0n,
  parent_consensus_timestamp: null,
  payer_account_id: null,
  result: 22n,
  scheduled: false,
  transaction_bytes: "bytes",
  transaction_hash: Uint8Array.from({ length: 48 }, (_, index) => index + 1),
  type: 14n,
  valid_duration_seconds: 11n,
  valid_start_ns: null,
};
const TRANSACTION_FIELDS = Object.keys(TRANSACTION_DEFAULTS);

async function addTransaction(loader: SetupLoader, input: Row): Promise<void> {
  const spec: Row = { ...TRANSACTION_DEFAULTS, transfers: [], ...input };
  const tx = pick(TRANSACTION_FIELDS, spec);
  const consensusTimestamp = BigInt(String(spec.consensus_timestamp));
  tx.valid_start_ns = input.valid_start_timestamp ?? consensusTimestamp - 1n;
  tx.high_volume = spec.high_volume ?? false;
  tx.entity_id = loader.id(spec.entity_id);
  tx.node_account_id = loader.id(spec.nodeAccountId);
  tx.payer_account_id = loader.id(spec.payerAccountId);
  tx.max_custom_fees = ((spec.max_custom_fees as Row[] | null) ?? []).map((fee) => customFeeLimit(fee, loader.system));
  if (spec.nft_transfer !== null && spec.nft_transfer !== undefined) {
    const transfers = (spec.nft_transfer as Row[]).map((transfer) => ({
      ...transfer,
      receiver_account_id: loader.id(transfer.receiver_account_id),
      sender_account_id: loader.id(transfer.sender_account_id),
      token_id: loader.id(transfer.token_id),
    }));
    tx.nft_transfer = stringifyJson(transfers);
  }
  tx.batch_key = typeof spec.batch_key === "string" ? nodeHex(spec.batch_key) : specBytes(spec.batch_key);
  tx.transaction_hash = specBytes(spec.transaction_hash);
  tx.transaction_bytes = passThroughBytes(spec.transaction_bytes);
  const inner = spec.inner_transactions as unknown[] | null;
  tx.inner_transactions = inner && inner.length > 0 ? inner.map((value, index) => (index % 2 === 0 ? loader.id(value) : value)) : inner;
  await loader.insert("transaction", tx);
  await addTransactionHash(loader, { consensus_timestamp: consensusTimestamp, hash: tx.transaction_hash, payer_account_id: tx.payer_account_id });

  const payer = tx.payer_account_id as bigint | null;
  const transfers = spec.transfers as Row[];
  if (transfers.length === 0 && BigInt(String(tx.charged_tx_fee ?? 0n)) > 0n && payer !== null) {
    const node = (tx.node_account_id as bigint | null) ?? loader.id(DEFAULT_NODE_NUM);
    for (const [entityId, amount] of [
      [node, NODE_FEE],
      [loader.id(FEE_COLLECTOR_NUM), NETWORK_FEE],
      [payer, -(NODE_FEE + NETWORK_FEE)],
    ] as const) {
      await loader.insert("crypto_transfer", { consensus_timestamp: consensusTimestamp, amount, entity_id: entityId, payer_account_id: payer, is_approval: false });
    }
  }
  for (const transfer of transfers) {
    await loader.insert("crypto_transfer", {
      consensus_timestamp: consensusTimestamp,
      amount: transfer.amount,
      entity_id: loader.id(transfer.account),
      payer_account_id: payer,
      is_approval: transfer.is_approval ?? null,
    });
  }
  for (const transfer of (spec.token_transfer_list as Row[] | undefined) ?? []) {
    await loader.insert("token_transfer", {
      consensus_timestamp: consensusTimestamp,
      token_id: loader.id(transfer.token_id),
      account_id: loader.id(transfer.account),
      amount: transfer.amount,
      payer_account_id: payer,
      is_approval: transfer.is_approval ?? null,
    });
  }
}

/** A spec's `{accountId:{accountNum}, fees:[{amount, denominatingTokenId:{tokenNum}}]}` as `CustomFeeLimit` bytes. */
function customFeeLimit(fee: Row, system: SystemShardRealm): Uint8Array {
  const int64 = (value: unknown) => bigIntToLong(BigInt(String(value ?? 0)));
  const account = (fee.accountId ?? {}) as Row;
  const fees = ((fee.fees as Row[] | undefined) ?? []).map((fixed) => {
    const token = fixed.denominatingTokenId as Row | undefined;
    const hasToken = token && (token.tokenNum != null || token.shardNum != null || token.realmNum != null);
    return {
      amount: int64(fixed.amount),
      denominatingTokenId: hasToken ? { shardNum: int64(system.shard), realmNum: int64(system.realm), tokenNum: int64(token.tokenNum) } : null,
    };
  });
  return proto.CustomFeeLimit.encode({
    accountId: { shardNum: int64(system.shard), realmNum: int64(system.realm), accountNum: int64(account.accountNum) },
    fees,
  }).finish();
}

async function addTransactionHash(loader: SetupLoader, row: Row): Promise<void> {
  const hash = specBytes(row.hash) ?? new Uint8Array();
  await loader.insert("transaction_hash", {
    consensus_timestamp: row.consensus_timestamp,
    hash: hash.subarray(0, 32),
    hash_suffix: hash.length > 32 ? hash.subarray(32) : null,
    payer_account_id: loader.id(row.payer_account_id),
  });
}

const loadTransactions: Load = async (loader, rows) => {
  for (const row of rows) await addTransaction(loader, row);
};

const loadCryptoTransfers: Load = async (loader, rows) => {
  for (const input of rows) {
    const row: Row = { ...input };
    if (!("senderAccountId" in row)) row.senderAccountId = row.payerAccountId;
    if (!("payerAccountId" in row)) row.payerAccountId = row.senderAccountId;
    if (!("amount" in row)) row.amount = NODE_FEE;
    if (!("recipientAccountId" in row)) row.recipientAccountId = row.nodeAccountId;
    if (!("transfers" in row)) {
      const amount = BigInt(String(row.amount));
      row.transfers = [
        { account: loader.id(row.senderAccountId), amount: -NETWORK_FEE - amount, is_approval: false },
        { account: loader.id(row.recipientAccountId), amount, is_approval: false },
        { account: loader.id(row.treasuryAccountId), amount: NETWORK_FEE, is_approval: false },
      ];
    }
    await addTransaction(loader, row);
  }
};

const loadTransactionHashes: Load = async (loader, rows) => {
  for (const row of rows) await addTransactionHash(loader, row);
};

const loadTransactionSignatures: Load = async (loader, rows) => {
  for (const row of rows) {
    await loader.insert("transaction_signature", {
      consensus_timestamp: row.consensus_timestamp,
      public_key_prefix: bufferFrom(row.public_key_prefix),
      entity_id: loader.id(row.entity_id),
      signature: bufferFrom(row.signature),
      type: row.type,
    });
  }
};

/** Node's `Buffer.from(value)`: a string as UTF-8, an array as bytes. */
function bufferFrom(value: unknown): Uint8Array {
  return typeof value === "string" ? Uint8Array.from(Buffer.from(value, "utf8")) : (specBytes(value) ?? new Uint8Array());
}

const loadAssessedCustomFees: Load = async (loader, rows) => {
  for (const input of rows) {
    const fee: Row = { effective_payer_account_ids: [], payer_account_id: "0.0.300", ...input };
    await loader.insert("assessed_custom_fee", {
      amount: fee.amount,
      collector_account_id: loader.id(fee.collector_account_id),
      consensus_timestamp: fee.consensus_timestamp,
      effective_payer_account_ids: (fee.effective_payer_account_ids as unknown[]).map((id) => loader.id(id)),
      token_id: loader.id(fee.token_id),
      payer_account_id: loader.id(fee.payer_account_id),
    });
  }
};

const loadStakingRewardTransfers: Load = async (loader, rows) => {
  for (const row of rows) {
    await loader.insert("staking_reward_transfer", {
      account_id: truthy(row.account_id) ? loader.id(row.account_id) : 1001n,
      amount: row.amount ?? 100n,
      consensus_timestamp: row.consensus_timestamp ?? null,
      payer_account_id: truthy(row.payer_account_id) ? loader.id(row.payer_account_id) : 950n,
    });
  }
};

const loadRecordFiles: Load = async (loader, rows) => {
  for (const row of rows) {
    const file = pick(
      ["bytes", "gas_used", "consensus_end", "consensus_start", "count", "digest_algorithm", "file_hash", "index", "hapi_version_major", "hapi_version_minor", "hapi_version_patch", "hash", "load_end", "load_start", "logs_bloom", "name", "prev_hash", "size", "version"],
      {
        bytes: "0x010102020303",
        consensus_end: 1628751573995691000n,
        consensus_start: 1628751572000852000n,
        count: 1200n,
        digest_algorithm: 0n,
        file_hash: "dee34bdd8bbe32fdb53ce7e3cf764a0495fa5e93b15ca567208cfb384231301bedf821de07b0d8dc3fb55c5b3c90ac61",
        gas_used: 0n,
        hapi_version_major: 0n,
        hapi_version_minor: 11n,
        hapi_version_patch: 0n,
        hash: "ed55d98d53fd55c9caf5f61affe88cd2978d37128ec54af5dace29b6fd271cbd079ebe487bda5f227087e2638b1100cf",
        index: 123456789n,
        load_end: 1629298236n,
        load_start: 1629298233n,
        logs_bloom: new Uint8Array(),
        name: "2021-08-12T06_59_32.000852000Z.rcd",
        prev_hash: "0".repeat(96),
        size: 6n,
        version: 5n,
      },
      row,
    );
    file.bytes = specBytes(file.bytes);
    file.logs_bloom = specBytes(file.logs_bloom);
    if (file.bytes !== null) file.size = BigInt((file.bytes as Uint8Array).length);
    await loader.insert("record_file", file);
  }
};

const loadSchedules: Load = async (loader, rows) => {
  for (const input of rows) {
    const schedule: Row = { creator_account_id: "0.0.1024", payer_account_id: "0.0.1024", transaction_body: Uint8Array.from([1, 1, 2, 2, 3, 3]), wait_for_expiry: false, ...input };
    await loader.insert("schedule", {
      consensus_timestamp: schedule.consensus_timestamp,
      creator_account_id: loader.id(schedule.creator_account_id),
      executed_timestamp: schedule.executed_timestamp ?? null,
      payer_account_id: loader.id(schedule.payer_account_id),
      schedule_id: loader.id(schedule.schedule_id),
      transaction_body: passThroughBytes(schedule.transaction_body),
      expiration_time: schedule.expiration_time ?? null,
      wait_for_expiry: schedule.wait_for_expiry,
    });
  }
};

// Tokens ----------------------------------------------------------------------

const TOKEN_DEFAULTS: Row = {
  created_timestamp: 0n,
  decimals: 1000n,
  fee_schedule_key: null,
  freeze_default: false,
  freeze_key: null,
  freeze_status: 0n,
  initial_supply: 1000000n,
  kyc_key: null,
  kyc_status: 0n,
  max_supply: 9223372036854775807n,
  metadata: [],
  metadata_key: null,
  name: "Token name",
  pause_key: null,
  pause_status: "NOT_APPLICABLE",
  supply_key: null,
  supply_type: "INFINITE",
  symbol: "YBTJBOAZ",
  timestamp_range: null,
  token_id: "0.0.0",
  total_supply: 1000000n,
  treasury_account_id: "0.0.98",
  type: "FUNGIBLE_COMMON",
  wipe_key: null,
};
const TOKEN_FIELDS = Object.keys(TOKEN_DEFAULTS).sort();
const TOKEN_KEY_FIELDS = ["fee_schedule_key", "freeze_key", "kyc_key", "metadata_key", "pause_key", "supply_key", "wipe_key"];

const loadTokens: Load = async (loader, rows) => {
  for (const row of rows) {
    const token = pick(TOKEN_FIELDS, TOKEN_DEFAULTS, row);
    if (token.type === "NON_FUNGIBLE_UNIQUE") {
      token.decimals = 0n;
      token.initial_supply = 0n;
    }
    if (!truthy(token.timestamp_range)) token.timestamp_range = `[${String(token.created_timestamp)},)`;
    token.token_id = loader.id(token.token_id);
    token.treasury_account_id = loader.id(token.treasury_account_id);
    token.metadata = specBytes(token.metadata);
    for (const field of TOKEN_KEY_FIELDS) token[field] = passThroughBytes(token[field]);
    await loader.insert(tableFor("token", token.timestamp_range), token);
    const customFees = row.custom_fees as Row[] | undefined;
    if (customFees) await loadCustomFees(loader, customFees);
    else await addCustomFee(loader, { entity_id: token.token_id, timestamp_range: `[${String(token.created_timestamp)},)` });
  }
};

async function addCustomFee(loader: SetupLoader, input: Row): Promise<void> {
  const withIds = (fee: Row): Row => {
    const merged: Row = { all_collectors_are_exempt: false, collector_account_id: "0.0.300", ...fee };
    merged.collector_account_id = loader.id(merged.collector_account_id);
    if (merged.denominating_token_id !== null && merged.denominating_token_id !== undefined) merged.denominating_token_id = loader.id(merged.denominating_token_id);
    return merged;
  };
  const royalty = (fee: Row): Row => {
    const merged = withIds(fee);
    const fallback = merged.fallback_fee as Row | null | undefined;
    if (fallback && fallback.denominating_token_id !== null && fallback.denominating_token_id !== undefined) {
      merged.fallback_fee = { ...fallback, denominating_token_id: loader.id(fallback.denominating_token_id) };
    }
    return merged;
  };
  const list = (fees: unknown, map: (fee: Row) => Row) => (Array.isArray(fees) ? stringifyJson((fees as Row[]).map(map)) : null);
  await loader.insert(tableFor("custom_fee", input.timestamp_range), {
    entity_id: loader.id(input.entity_id),
    fixed_fees: list(input.fixed_fees, withIds),
    fractional_fees: list(input.fractional_fees, withIds),
    royalty_fees: list(input.royalty_fees, royalty),
    timestamp_range: input.timestamp_range,
  });
}

async function loadCustomFees(loader: SetupLoader, rows: Row[]): Promise<void> {
  for (const row of rows) await addCustomFee(loader, row);
}

const loadTokenAccounts: Load = async (loader, rows) => {
  for (const row of rows) {
    const account = pick(
      ["account_id", "associated", "automatic_association", "balance", "balance_timestamp", "created_timestamp", "freeze_status", "kyc_status", "timestamp_range", "token_id"],
      { account_id: null, associated: true, automatic_association: false, balance: 0n, balance_timestamp: 0n, created_timestamp: 0n, freeze_status: null, kyc_status: null, timestamp_range: null, token_id: null },
      row,
    );
    account.account_id = loader.id(account.account_id);
    account.token_id = loader.id(account.token_id);
    if (account.timestamp_range === null) account.timestamp_range = `[${String(account.created_timestamp)},)`;
    await loader.insert(tableFor("token_account", account.timestamp_range), account);
  }
};

const loadNfts: Load = async (loader, rows) => {
  for (const row of rows) {
    const nft = pick(
      ["account_id", "created_timestamp", "delegating_spender", "deleted", "metadata", "serial_number", "spender", "timestamp_range", "token_id"],
      { account_id: "0.0.0", created_timestamp: 0n, delegating_spender: null, deleted: false, metadata: "\\x", serial_number: 0n, spender: null, timestamp_range: null, token_id: "0.0.0" },
      row,
    );
    if (!truthy(nft.timestamp_range)) nft.timestamp_range = `[${String(nft.created_timestamp)},)`;
    for (const field of ["account_id", "delegating_spender", "spender", "token_id"]) nft[field] = loader.id(nft[field]);
    nft.metadata = passThroughBytes(nft.metadata);
    await loader.insert(tableFor("nft", nft.timestamp_range), nft);
  }
};

const loadTokenAllowances: Load = async (loader, rows) => {
  for (const row of rows) {
    const allowance = pick(
      ["amount", "amount_granted", "owner", "payer_account_id", "spender", "token_id", "timestamp_range"],
      { amount: 0n, amount_granted: 0n, owner: 1000n, payer_account_id: 1000n, spender: 2000n, token_id: 3000n, timestamp_range: "[0,)" },
      row,
    );
    for (const field of ["owner", "payer_account_id", "spender", "token_id"]) allowance[field] = loader.id(allowance[field]);
    await loader.insert(tableFor("token_allowance", allowance.timestamp_range), allowance);
  }
};

const loadCryptoAllowances: Load = async (loader, rows) => {
  for (const row of rows) {
    const allowance = pick(
      ["amount", "amount_granted", "owner", "payer_account_id", "spender", "timestamp_range"],
      { amount: 0n, amount_granted: 0n, owner: 1000n, payer_account_id: 101n, spender: 2000n, timestamp_range: "[0,)" },
      row,
    );
    for (const field of ["owner", "payer_account_id", "spender"]) allowance[field] = loader.id(allowance[field]);
    await loader.insert(tableFor("crypto_allowance", allowance.timestamp_range), allowance);
  }
};

// Topics and files --------------------------------------------------------------

const HEX_ENCODED_FILES = new Set([111n, 112n]);

const loadFileData: Load = async (loader, rows) => {
  for (const row of rows) {
    const data = row.file_data;
    // Upstream decodes hex only when the spec names the file by the bare number 111 or 112.
    const hex = typeof row.entity_id === "bigint" && HEX_ENCODED_FILES.has(row.entity_id);
    await loader.insert("file_data", {
      file_data: typeof data === "string" ? (hex ? nodeHex(data) : Uint8Array.from(Buffer.from(data, "utf8"))) : specBytes(data),
      consensus_timestamp: row.consensus_timestamp,
      entity_id: loader.id(row.entity_id),
      transaction_type: row.transaction_type ?? 17n,
    });
  }
};

const loadTopicMessages: Load = async (loader, rows) => {
  for (const input of rows) {
    const message: Row = {
      chunk_num: null,
      chunk_total: null,
      initial_transaction_id: null,
      message: "message",
      payer_account_id: 3n,
      running_hash: "running_hash",
      running_hash_version: 2n,
      valid_start_timestamp: null,
      ...input,
    };
    await loader.insert("topic_message", {
      chunk_num: message.chunk_num,
      chunk_total: message.chunk_total,
      consensus_timestamp: message.consensus_timestamp,
      initial_transaction_id: initialTransactionId(specBytes(message.initial_transaction_id), loader.system),
      message: passThroughBytes(message.message),
      payer_account_id: loader.id(message.payer_account_id),
      running_hash: passThroughBytes(message.running_hash),
      running_hash_version: message.running_hash_version,
      sequence_number: message.sequence_number,
      topic_id: loader.id(message.topic_id),
      valid_start_timestamp: message.valid_start_timestamp,
    });
  }
};

/** Upstream moves the payer of a chunked message's first transaction into the configured shard and realm. */
function initialTransactionId(bytes: Uint8Array | null, system: SystemShardRealm): Uint8Array | null {
  if (!bytes) return null;
  const id = proto.TransactionID.decode(bytes);
  const accountNum = id.accountID?.accountNum ?? 0;
  id.accountID = {
    ...(system.shard !== 0n ? { shardNum: String(system.shard) } : {}),
    ...(system.realm !== 0n ? { realmNum: String(system.realm) } : {}),
    accountNum,
  } as proto.IAccountID;
  return proto.TransactionID.encode(id).finish();
}

const loadTopicMessageLookups: Load = async (loader, rows) => {
  for (const row of rows) {
    await loader.insert("topic_message_lookup", {
      partition: row.partition,
      timestamp_range: row.timestamp_range,
      sequence_number_range: row.sequence_number_range,
      topic_id: loader.id(row.topic_id),
    });
  }
};

// Network -----------------------------------------------------------------------

const DEFAULT_NODE_CERT_HASH =
  "01d173753810c0aae794ba72d5443c292e9ff962b01046220dd99f5816422696e0569c977e2f169e1e5688afc8f4aa16";

const loadAddressBooks: Load = async (loader, rows) => {
  for (const row of rows) {
    const book: Row = { start_consensus_timestamp: 0n, end_consensus_timestamp: null, file_id: 102n, node_count: 20n, ...row };
    await loader.insert("address_book", {
      start_consensus_timestamp: book.start_consensus_timestamp,
      end_consensus_timestamp: book.end_consensus_timestamp,
      file_id: loader.id(book.file_id),
      node_count: book.node_count,
      // Upstream stores the text of its default, escape sequence and all, as UTF-8.
      file_data: Uint8Array.from(Buffer.from(typeof row.file_data === "string" ? row.file_data : "\\x97c1fc0a6ed5551bc831571325e9bdb365d06803100dc20648640ba24ce69750", "utf8")),
    });
  }
};

const loadAddressBookEntries: Load = async (loader, rows) => {
  for (const row of rows) {
    const entry = pick(
      ["consensus_timestamp", "memo", "public_key", "node_id", "node_account_id", "node_cert_hash", "description", "stake"],
      { consensus_timestamp: 0n, memo: "0.0.3", public_key: DEFAULT_PUBLIC_KEY, node_id: 2000n, node_account_id: 3n, description: "description", stake: 0n },
      row,
    );
    // A given hash is hex; the default one is stored as the UTF-8 of its hex, as real address books hold it.
    entry.node_cert_hash = typeof row.node_cert_hash === "string" ? nodeHex(row.node_cert_hash) : Uint8Array.from(Buffer.from(DEFAULT_NODE_CERT_HASH, "utf8"));
    entry.node_account_id = loader.id(entry.node_account_id);
    await loader.insert("address_book_entry", entry);
  }
};

const loadAddressBookServiceEndpoints: Load = async (loader, rows) => {
  for (const row of rows) {
    await loader.insert(
      "address_book_service_endpoint",
      pick(["consensus_timestamp", "domain_name", "ip_address_v4", "node_id", "port"], { consensus_timestamp: 0n, domain_name: "", ip_address_v4: "127.0.0.1", node_id: 0n, port: 50211n }, row),
    );
  }
};

const loadNodes: Load = async (loader, rows) => {
  for (const row of rows) {
    const node = pick(
      ["account_id", "admin_key", "created_timestamp", "decline_reward", "deleted", "grpc_proxy_endpoint", "node_id", "timestamp_range"],
      {
        account_id: null,
        admin_key: "OiG1sc5qQaLDwUfqfBg8urypfFGcwlesArZzBDsEgvyr0MQ",
        created_timestamp: 1664365660048674966n,
        decline_reward: false,
        deleted: false,
        grpc_proxy_endpoint: { domain_name: "localhost", ip_address_v4: "", port: 80n },
        node_id: 0n,
        timestamp_range: "[0,)",
      },
      row,
    );
    node.admin_key = specBytes(node.admin_key);
    node.grpc_proxy_endpoint = node.grpc_proxy_endpoint ? stringifyJson(node.grpc_proxy_endpoint) : null;
    node.account_id = loader.id(node.account_id);
    await loader.insert("node", node);
  }
};

/** Keys starting with `_` are comments in the specs. */
function withoutComments(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith("_")));
}

const loadNodeStakes: Load = async (loader, rows) => {
  for (const row of rows) {
    await loader.insert("node_stake", {
      consensus_timestamp: 0n,
      epoch_day: 0n,
      max_stake: 2000n,
      min_stake: 1n,
      node_id: 0n,
      reward_rate: 0n,
      stake: 0n,
      stake_not_rewarded: 0n,
      stake_rewarded: 0n,
      staking_period: 86_400_000_000_000n - 1n,
      ...withoutComments(row),
    });
  }
};

/** Only in the removed network/stake specs; the loader of their time inserted the given columns. */
const loadNetworkStakes: Load = async (loader, rows) => {
  for (const row of rows) await loader.insert("network_stake", withoutComments(row));
};

// Contracts -------------------------------------------------------------------

const DEFAULT_PAYER_NUM = 102n;
const DEFAULT_SENDER_NUM = 101n;
/** Bytes 0x00..0x1f, upstream's default 32-byte transaction hash of contract rows. */
const CONTRACT_TRANSACTION_HASH = Uint8Array.from({ length: 32 }, (_, index) => index);

/**
 * `valueToBuffer` on a contract column: as `specBytes`, except that upstream
 * passes a number through, so node-postgres sends its text and the column
 * holds those characters (contract_state's default `value: 1` is the byte "1").
 */
function contractBytes(value: unknown): Uint8Array | null {
  return typeof value === "bigint" || typeof value === "number" ? passThroughBytes(String(value)) : specBytes(value);
}

function withBytes(row: Row, fields: readonly string[]): Row {
  for (const field of fields) row[field] = contractBytes(row[field]);
  return row;
}

const CONTRACT_ACTION_DEFAULTS: Row = {
  call_depth: 1n,
  call_operation_type: 1n,
  call_type: 1n,
  caller: 8001n,
  caller_type: "CONTRACT",
  consensus_timestamp: 1234510001n,
  gas: 10000n,
  gas_used: 5000n,
  index: 1n,
  input: null,
  payer_account_id: DEFAULT_PAYER_NUM,
  recipient_account: null,
  recipient_address: null,
  recipient_contract: null,
  result_data: null,
  result_data_type: 11n,
  value: 100n,
};

const loadContractActions: Load = async (loader, rows) => {
  for (const row of rows) {
    const action = withBytes(pick(Object.keys(CONTRACT_ACTION_DEFAULTS), CONTRACT_ACTION_DEFAULTS, row), ["input", "recipient_address", "result_data"]);
    for (const field of ["payer_account_id", "caller", "recipient_contract"]) action[field] = loader.id(action[field]);
    await loader.insert("contract_action", action);
  }
};

const CONTRACT_LOG_DEFAULTS: Row = {
  bloom: "0x0123",
  consensus_timestamp: 1234510001n,
  contract_id: 1n,
  data: "0x0123",
  index: 0n,
  payer_account_id: DEFAULT_PAYER_NUM,
  root_contract_id: null,
  topic0: "0x97c1fc0a6ed5551bc831571325e9bdb365d06803100dc20648640ba24ce69750",
  topic1: "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925",
  topic2: "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
  topic3: "0xe8d47b56e8cdfa95f871b19d4f50a857217c44a95502b0811a350fec1500dd67",
  transaction_hash: CONTRACT_TRANSACTION_HASH,
  transaction_index: 0n,
};

const loadContractLogs: Load = async (loader, rows) => {
  for (const row of rows) {
    const log = withBytes({ ...CONTRACT_LOG_DEFAULTS, ...withoutComments(row) }, ["bloom", "data", "topic0", "topic1", "topic2", "topic3", "transaction_hash"]);
    log.contract_id = loader.id(log.contract_id);
    log.root_contract_id = loader.id(log.root_contract_id);
    await loader.insert("contract_log", log);
  }
};

const CONTRACT_RESULT_DEFAULTS: Row = {
  amount: 0n,
  bloom: null,
  call_result: null,
  consensus_timestamp: 1234510001n,
  contract_id: 0n,
  created_contract_ids: [],
  error_message: "",
  failed_initcode: null,
  function_parameters: "0x010102020303",
  function_result: null,
  gas_consumed: null,
  gas_limit: 1000n,
  gas_used: null,
  payer_account_id: DEFAULT_PAYER_NUM,
  sender_id: DEFAULT_SENDER_NUM,
  transaction_hash: CONTRACT_TRANSACTION_HASH,
  transaction_index: 1n,
  transaction_nonce: 0n,
  transaction_result: 22n,
};

/** A contract_result row, and the contract_transaction_hash row that finds it by hash. */
const loadContractResults: Load = async (loader, rows) => {
  for (const row of rows) {
    const result = withBytes(pick(Object.keys(CONTRACT_RESULT_DEFAULTS), CONTRACT_RESULT_DEFAULTS, row), [
      "bloom",
      "call_result",
      "failed_initcode",
      "function_parameters",
      "function_result",
      "transaction_hash",
    ]);
    for (const field of ["contract_id", "payer_account_id", "sender_id"]) result[field] = loader.id(result[field]);
    result.created_contract_ids = (result.created_contract_ids as unknown[]).map((id) => loader.id(id));
    await loader.insert("contract_result", result);
    await loader.insert("contract_transaction_hash", {
      consensus_timestamp: result.consensus_timestamp,
      entity_id: result.contract_id,
      hash: result.transaction_hash,
      payer_account_id: result.payer_account_id,
      transaction_result: result.transaction_result,
    });
  }
};

const CONTRACT_STATE_CHANGE_DEFAULTS: Row = {
  consensus_timestamp: 1234510001n,
  contract_id: 1n,
  migration: false,
  payer_account_id: 2n,
  slot: "0x1",
  value_read: "0x0101",
  value_written: "0xa1a1",
};

const loadContractStateChanges: Load = async (loader, rows) => {
  for (const row of rows) {
    const change = withBytes({ ...CONTRACT_STATE_CHANGE_DEFAULTS, ...withoutComments(row) }, ["slot", "value_read", "value_written"]);
    change.contract_id = loader.id(change.contract_id);
    change.payer_account_id = loader.id(change.payer_account_id);
    await loader.insert("contract_state_change", change);
  }
};

/**
 * Upstream's `loadContractTransactions`: for each consensus timestamp among the
 * results, logs and state changes (with their defaults), one contract_transaction
 * row per entity involved (contracts, then payers, in first-seen order), each
 * listing them all, with the first row's payer.
 */
async function loadContractTransactions(loader: SetupLoader, setup: Row): Promise<void> {
  const rows = (key: string, defaults: Row) => ((setup[key] as Row[] | undefined) ?? []).map((row) => ({ ...defaults, ...row }));
  const byTimestamp = new Map<string, { payer: bigint | null; ids: bigint[] }>();
  for (const row of [...rows("contractresults", CONTRACT_RESULT_DEFAULTS), ...rows("contractlogs", CONTRACT_LOG_DEFAULTS), ...rows("contractStateChanges", CONTRACT_STATE_CHANGE_DEFAULTS)]) {
    const timestamp = String(row.consensus_timestamp);
    const payer = loader.id(row.payer_account_id);
    const contractId = loader.id(row.contract_id);
    const details = byTimestamp.get(timestamp) ?? { payer, ids: [] };
    byTimestamp.set(timestamp, details);
    for (const id of [contractId, payer]) if (id !== null && !details.ids.includes(id)) details.ids.push(id);
  }
  for (const [timestamp, { payer, ids }] of byTimestamp) {
    for (const id of ids) {
      await loader.insert("contract_transaction", { consensus_timestamp: timestamp, entity_id: id, payer_account_id: payer, contract_ids: ids });
    }
  }
}

const CONTRACT_STATE_DEFAULTS: Row = {
  contract_id: null,
  created_timestamp: 1664365660048674966n,
  modified_timestamp: 1664365660048674966n,
  slot: "0000000000000000000000000000000000000000000000000000000000000001",
  value: 1n,
};

const loadContractStates: Load = async (loader, rows) => {
  for (const row of rows) {
    const state = withBytes(pick(Object.keys(CONTRACT_STATE_DEFAULTS), CONTRACT_STATE_DEFAULTS, row), ["slot", "value"]);
    state.contract_id = loader.id(state.contract_id);
    await loader.insert("contract_state", state);
  }
};

const ETHEREUM_TRANSACTION_DEFAULTS: Row = {
  access_list: null,
  authorization_list: null,
  call_data_id: null,
  call_data: null,
  chain_id: null,
  consensus_timestamp: 187654000123456n,
  data: "0x000000000",
  gas_limit: 1000000n,
  gas_price: "0xAD78EBC5AC620000",
  hash: "0x0000000000000000000000000000000000000000000000000000000000000123",
  max_fee_per_gas: null,
  max_gas_allowance: 10000n,
  max_priority_fee_per_gas: null,
  nonce: 1n,
  payer_account_id: 5001n,
  recovery_id: 1n,
  signature_r: "0xd693b532a80fed6392b428604171fb32fdbf953728a3a7ecc7d4062b1652c042",
  signature_s: "0x24e9c602ac800b983b035700a14b23f78a253ab762deab5dc27e3555a750b354",
  signature_v: "0x1b",
  to_address: "0x0000000000000000000000000000000000001389",
  type: 2n,
  value: "0x0",
};

const loadEthereumTransactions: Load = async (loader, rows) => {
  for (const row of rows) {
    const tx = withBytes({ ...ETHEREUM_TRANSACTION_DEFAULTS, ...withoutComments(row) }, [
      "access_list",
      "call_data",
      "chain_id",
      "data",
      "gas_price",
      "hash",
      "max_fee_per_gas",
      "max_priority_fee_per_gas",
      "signature_r",
      "signature_s",
      "signature_v",
      "to_address",
      "value",
    ]);
    if (tx.authorization_list !== null && tx.authorization_list !== undefined) tx.authorization_list = stringifyJson(tx.authorization_list);
    tx.payer_account_id = loader.id(tx.payer_account_id);
    tx.call_data_id = loader.id(tx.call_data_id);
    await loader.insert("ethereum_transaction", tx);
  }
};

/** Upstream's load order. */
const LOADERS = new Map<string, Load>([
  ["accounts", loadAccounts],
  ["addressbooks", loadAddressBooks],
  ["addressbookentries", loadAddressBookEntries],
  ["addressbookserviceendpoints", loadAddressBookServiceEndpoints],
  ["assessedcustomfees", loadAssessedCustomFees],
  ["balances", loadBalances],
  ["cryptotransfers", loadCryptoTransfers],
  ["contracts", loadContracts],
  ["contractactions", loadContractActions],
  ["contractlogs", loadContractLogs],
  ["contractresults", loadContractResults],
  ["contractStateChanges", loadContractStateChanges],
  ["cryptoAllowances", loadCryptoAllowances],
  ["customfees", (loader, rows) => loadCustomFees(loader, rows)],
  ["entities", loadEntities],
  ["entityStakes", loadEntityStakes],
  ["entityTransactions", loadEntityTransactions],
  ["ethereumtransactions", loadEthereumTransactions],
  ["filedata", loadFileData],
  ["networkstakes", loadNetworkStakes],
  ["nfts", loadNfts],
  ["nodes", loadNodes],
  ["nodestakes", loadNodeStakes],
  ["recordFiles", loadRecordFiles],
  ["schedules", loadSchedules],
  ["stakingRewardTransfers", loadStakingRewardTransfers],
  ["topicmessages", loadTopicMessages],
  ["topicmessagelookups", loadTopicMessageLookups],
  ["tokens", loadTokens],
  ["tokenaccounts", loadTokenAccounts],
  ["tokenAllowances", loadTokenAllowances],
  ["tokenBalance", loadTokenBalances],
  ["transactions", loadTransactions],
  ["transactionhashes", loadTransactionHashes],
  ["transactionsignatures", loadTransactionSignatures],
  ["contractStates", loadContractStates],
]);
