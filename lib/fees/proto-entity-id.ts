import type { proto } from "@hiero-ledger/proto";
import type { EntityIdParts } from "@/lib/mirror/entity-id";
import { longToBigInt } from "@/lib/mirror/proto-long";

/** A token id as the transaction carries it: int64 parts, possibly out of range for the mirror's encoding. */
export function tokenEntityId(id: proto.ITokenID): EntityIdParts {
  return { shard: longToBigInt(id.shardNum), realm: longToBigInt(id.realmNum), num: longToBigInt(id.tokenNum) };
}

export function topicEntityId(id: proto.ITopicID): EntityIdParts {
  return { shard: longToBigInt(id.shardNum), realm: longToBigInt(id.realmNum), num: longToBigInt(id.topicNum) };
}
