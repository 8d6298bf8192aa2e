import type { SqlClient } from "@/lib/db";

/** What the EVM needs of an entity: its kind, tinybar balance, nonce and EVM alias. */
export type EvmEntityRow = {
  id: bigint;
  type: string;
  balance: bigint | null;
  ethereum_nonce: bigint | null;
  evm_address: Uint8Array | null;
};

const ENTITY_COLUMNS = "id, type::text AS type, balance, ethereum_nonce, evm_address";

const ENTITY_BY_ID = `SELECT ${ENTITY_COLUMNS} FROM entity WHERE id = $1 AND deleted IS NOT TRUE`;
const ENTITY_BY_EVM_ADDRESS = `SELECT ${ENTITY_COLUMNS} FROM entity WHERE evm_address = $1 AND deleted IS NOT TRUE LIMIT 1`;

/**
 * The version of an entity in force at `$2` (upstream `EntityRepository.findActiveByIdAndTimestamp`):
 * the current row if it began by then, else the latest history row that did.
 */
const entityAsOf = (match: string) => `
  SELECT ${ENTITY_COLUMNS} FROM (
    (SELECT ${ENTITY_COLUMNS}, timestamp_range FROM entity WHERE ${match} AND lower(timestamp_range) <= $2 AND deleted IS NOT TRUE)
    UNION ALL
    (SELECT ${ENTITY_COLUMNS}, timestamp_range FROM entity_history WHERE ${match} AND lower(timestamp_range) <= $2 AND deleted IS NOT TRUE
     ORDER BY lower(timestamp_range) DESC LIMIT 1)
  ) AS versions ORDER BY lower(timestamp_range) DESC LIMIT 1`;
const ENTITY_BY_ID_AS_OF = entityAsOf("id = $1");
const ENTITY_BY_EVM_ADDRESS_AS_OF = entityAsOf("evm_address = $1");

/** `asOf` undefined reads the latest state, else the state at that consensus timestamp. */
export async function findEvmEntityById(sql: SqlClient, id: bigint, asOf: bigint | undefined): Promise<EvmEntityRow | undefined> {
  const [row] = asOf === undefined ? await sql.query<EvmEntityRow>(ENTITY_BY_ID, [id]) : await sql.query<EvmEntityRow>(ENTITY_BY_ID_AS_OF, [id, asOf]);
  return row;
}

export async function findEvmEntityByAddress(sql: SqlClient, address: Uint8Array, asOf: bigint | undefined): Promise<EvmEntityRow | undefined> {
  const [row] =
    asOf === undefined
      ? await sql.query<EvmEntityRow>(ENTITY_BY_EVM_ADDRESS, [address])
      : await sql.query<EvmEntityRow>(ENTITY_BY_EVM_ADDRESS_AS_OF, [address, asOf]);
  return row;
}

const RUNTIME_BYTECODE = "SELECT runtime_bytecode FROM contract WHERE id = $1";

export async function findRuntimeBytecode(sql: SqlClient, contractId: bigint): Promise<Uint8Array | undefined> {
  const [row] = await sql.query<{ runtime_bytecode: Uint8Array | null }>(RUNTIME_BYTECODE, [contractId]);
  return row?.runtime_bytecode ?? undefined;
}

/**
 * A slot is matched in each spelling the tables hold: the 32-byte word, and
 * that word with its leading zero bytes trimmed (the importer's, down to
 * empty or one zero byte for slot 0).
 */
const SLOT_MATCH = "slot IN ($2, $3, $4)";
const SLOT_LATEST = `SELECT value FROM contract_state WHERE contract_id = $1 AND ${SLOT_MATCH} LIMIT 1`;
/** Upstream `ContractStateRepository.findStorageByBlockTimestamp`: the last value read or written by then. */
const SLOT_AS_OF = `SELECT coalesce(value_written, value_read) AS value FROM contract_state_change
  WHERE contract_id = $1 AND ${SLOT_MATCH} AND consensus_timestamp <= $5 ORDER BY consensus_timestamp DESC LIMIT 1`;

/** A slot's value (`slot` the 32-byte key); undefined when the tables hold none. */
export async function findSlotValue(sql: SqlClient, contractId: bigint, slot: Uint8Array, asOf: bigint | undefined): Promise<Uint8Array | undefined> {
  let start = 0;
  while (start < slot.length && slot[start] === 0) start++;
  const trimmed = slot.subarray(start);
  const spellings = [slot, trimmed, trimmed.length === 0 ? Uint8Array.of(0) : trimmed];
  const [row] =
    asOf === undefined
      ? await sql.query<{ value: Uint8Array | null }>(SLOT_LATEST, [contractId, ...spellings])
      : await sql.query<{ value: Uint8Array | null }>(SLOT_AS_OF, [contractId, ...spellings, asOf]);
  return row?.value ?? undefined;
}
