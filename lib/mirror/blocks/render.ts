import { formatTimestamp } from "../timestamp";
import type { BlockRow } from "./queries";

/** The importer writes -1 when a block carries no EVM gas figure. */
const GAS_UNKNOWN = -1n;
/** A logs bloom is 256 bytes: 512 hex digits. */
const LOGS_BLOOM_HEX_DIGITS = 512;

/** A block as both block endpoints render it (upstream `BlockViewModel`), keys in upstream's order. */
export function renderBlock(row: BlockRow) {
  return {
    count: row.count,
    hapi_version: hapiVersion(row),
    hash: withHexPrefix(row.hash),
    name: row.name,
    number: row.index,
    previous_hash: withHexPrefix(row.prev_hash),
    size: row.size,
    timestamp: { from: formatTimestamp(row.consensus_start), to: formatTimestamp(row.consensus_end) },
    gas_used: row.gas_used === GAS_UNKNOWN ? null : row.gas_used,
    logs_bloom: logsBloom(row.logs_bloom),
  };
}

function hapiVersion(row: BlockRow): string | null {
  const { hapi_version_major: major, hapi_version_minor: minor, hapi_version_patch: patch } = row;
  return major === null || minor === null || patch === null ? null : `${major}.${minor}.${patch}`;
}

function withHexPrefix(hex: string): string {
  return hex.startsWith("0x") ? hex : `0x${hex}`;
}

/** Null stays null and an empty bloom is `0x`; anything else is left-padded to the full 256 bytes. */
function logsBloom(bytes: Uint8Array | null): string | null {
  if (bytes === null) return null;
  if (bytes.length === 0) return "0x";
  return `0x${Buffer.from(bytes).toString("hex").padStart(LOGS_BLOOM_HEX_DIGITS, "0")}`;
}
