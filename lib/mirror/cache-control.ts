/** `cache-control` per route as upstream sends it (mirror-api.md §1, "Caching headers"). */
const publicFor = (seconds: number) => `public, max-age=${seconds}`;

export const CACHE_CONTROL = {
  /** Routes without their own setting (balances, blocks list, allowances, NFTs, topic messages, …). */
  default: publicFor(1),
  /** /accounts, /contracts, /schedules, /tokens: lists that change slowly. */
  slowLists: publicFor(10),
  accountById: publicFor(2),
  transactions: publicFor(2),
  /** /transactions/{id} holding a schedule created within the time it may still execute in. */
  pendingSchedule: publicFor(5),
  tokenById: publicFor(5),
  /** rest-java's /topics/{id}. */
  topicById: publicFor(5),
  /** Single records that never change once written (/topics/{id}/messages/{seq}, /topics/messages/{ts}, …). */
  immutable: publicFor(600),
  /** A schedule that can no longer change (executed, deleted or expired): upstream's schedule-by-id override. */
  finalSchedule: publicFor(3600),
  rewards: publicFor(60),
  /** rest-java's /network/* routes. */
  network: publicFor(60),
} as const;
