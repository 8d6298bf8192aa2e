import type { SqlConditions } from "../filters";

/**
 * The first `limit` `entity` rows of accounts and contracts meeting
 * `conditions` (written against alias `e`) in id order, as a relation to
 * select from `AS e` (and to order and limit again). One branch per type,
 * each a scan of the (type, id) index that stops after `limit` rows, so a page
 * reads just its rows and never steps over the tokens, topics and files
 * between or above the accounts: upstream's /balances filters those out of a
 * scan of the primary key and slows down as they grow.
 *
 * Why it is written this way: PostgreSQL plans a UNION ALL branch that has a
 * WHERE clause on its own, so order and limit sit in each branch; and with
 * `type = 'ACCOUNT'` the type is a constant, its ordering drops out, and the
 * planner estimates the primary key (filtering on type) to be as cheap as the
 * (type, id) index. `type = ANY('{ACCOUNT}')` with ORDER BY type, id asks for
 * the order only the (type, id) index gives.
 */
export function accountEntities(conditions: SqlConditions, direction: "ASC" | "DESC", limit: number): string {
  const branch = (type: string) =>
    `(SELECT * FROM entity e WHERE e.type = ANY('{${type}}') ${conditions.and()} ORDER BY e.type ${direction}, e.id ${direction} LIMIT ${limit})`;
  return `(${branch("ACCOUNT")} UNION ALL ${branch("CONTRACT")})`;
}
