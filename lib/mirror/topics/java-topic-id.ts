import { javaBadRequest } from "../errors";
import { encodeEntityId, type SystemShardRealm } from "../entity-id";

// rest-java's EntityIdNumParameter: `[[shard.]realm.]num`, no encoded ids, no EVM addresses.
const NUM_ID = /^(?:(\d{1,4})\.)?(?:(\d{1,5})\.)?(\d{1,12})$/;

/**
 * The topic id of rest-java's `/topics/{id}` path. A single prefix is the
 * realm. Spring reports a value that does not parse as a missing path
 * variable, and one whose parts are out of range as a failed conversion.
 */
export function parseJavaTopicId(text: string | undefined, system: SystemShardRealm): bigint {
  const match = text === undefined ? null : NUM_ID.exec(text);
  if (!match) throw javaBadRequest("Invalid value for path variable 'id'");
  const [, first, second, num] = match;
  const shard = first !== undefined && second !== undefined ? BigInt(first) : system.shard;
  const realm = second !== undefined ? BigInt(second) : first !== undefined ? BigInt(first) : system.realm;
  const id = encodeEntityId(shard, realm, BigInt(num!));
  if (id === undefined) throw javaBadRequest("Failed to convert 'id'");
  return id;
}
