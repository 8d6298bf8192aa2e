import type { proto } from "@hiero-ledger/proto";
import { bigintFromLong } from "./int64";

/** A token or topic id as it appears in the transaction (int64 parts, possibly out of range for the database). */
export type EntityId = { readonly shard: bigint; readonly realm: bigint; readonly num: bigint };

export function tokenEntityId(id: proto.ITokenID): EntityId {
  return { shard: bigintFromLong(id.shardNum), realm: bigintFromLong(id.realmNum), num: bigintFromLong(id.tokenNum) };
}

export function topicEntityId(id: proto.ITopicID): EntityId {
  return { shard: bigintFromLong(id.shardNum), realm: bigintFromLong(id.realmNum), num: bigintFromLong(id.topicNum) };
}

/** `shard.realm.num`, the rendering used in notes and as the identity of an entity within one request. */
export function formatEntityId(id: EntityId): string {
  return `${id.shard}.${id.realm}.${id.num}`;
}

const ENTITY_ID = /^(\d+)\.(\d+)\.(\d+)$/;

export function parseEntityId(text: string): EntityId {
  const match = ENTITY_ID.exec(text);
  if (!match) throw new Error(`Not an entity id: ${text}`);
  const [, shard = "", realm = "", num = ""] = match;
  return { shard: BigInt(shard), realm: BigInt(realm), num: BigInt(num) };
}
