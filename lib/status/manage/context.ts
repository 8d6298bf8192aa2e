import type { Database } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { Clock } from "../clock";

export const SCOPES = ["read", "write"] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is writing: an API key, the server itself (the maintenance scheduler), or a subscriber's token link. */
export type Actor = { apiKeyId: string | null; name: string; scopes: readonly string[] };

export const SCHEDULER_ACTOR: Actor = { apiKeyId: null, name: "scheduler", scopes: ["read", "write"] };
/** A subscriber acting on their own subscription through a token link. */
export const SUBSCRIBER_ACTOR: Actor = { apiKeyId: null, name: "subscriber", scopes: ["write"] };

/** What every manage service gets: the database, the clock, the actor and the page it acts on. */
export type ServiceContext = { db: Database; clock: Clock; actor: Actor; pageId: string };

export function requireScope(actor: Actor, scope: Scope): void {
  if (!actor.scopes.includes(scope)) {
    throw new ApiError(403, [{ message: "Forbidden", detail: `this API key lacks the ${scope} scope`, data: null }]);
  }
}
