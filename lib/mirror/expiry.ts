import { NANOS_PER_SECOND } from "./timestamp";

/** When an entity expires: the stored expiry, else creation plus the auto-renew period (upstream `calculateExpiryTimestamp`). */
export function expiry(entity: { auto_renew_period: bigint | null; created_timestamp: bigint | null; expiration_timestamp: bigint | null }): bigint | null {
  if (entity.expiration_timestamp !== null) return entity.expiration_timestamp;
  if (entity.created_timestamp === null || entity.auto_renew_period === null) return null;
  return entity.created_timestamp + entity.auto_renew_period * NANOS_PER_SECOND;
}
