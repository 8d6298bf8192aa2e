import { fixtureEntityId, type FeeStateFixtures } from "../state";

/** The one thing fixtures need from a database connection. */
type Queryable = { query(text: string, params?: readonly unknown[]): Promise<unknown> };

const ONE_FIXED_FEE = JSON.stringify([{ amount: 1, collector_account_id: 98, all_collectors_are_exempt: false, denominating_token_id: null }]);

/**
 * Test and bench support: writes a vector's `state_fixtures` into the mirror tables the
 * way the mirror importer would (a token or topic row, and a custom_fee row
 * whose arrays are empty when the entity has no custom fees), replacing
 * whatever fee state was there.
 */
export async function writeFeeStateFixtures(db: Queryable, fixtures: FeeStateFixtures | null): Promise<void> {
  await db.query("TRUNCATE token, topic, custom_fee, file_data");
  for (const token of fixtures?.tokens ?? []) {
    const id = fixtureEntityId(token.id);
    await db.query(
      `INSERT INTO token (token_id, created_timestamp, decimals, initial_supply, name, symbol, timestamp_range, treasury_account_id, type)
       VALUES ($1, 1, 0, 0, 'fixture', 'FIX', int8range(1, NULL), 2, $2::token_type)`,
      [id, token.type],
    );
    await db.query(
      `INSERT INTO custom_fee (entity_id, fixed_fees, fractional_fees, royalty_fees, timestamp_range)
       VALUES ($1, $2::jsonb, '[]'::jsonb, '[]'::jsonb, int8range(1, NULL))`,
      [id, token.custom_fees ? ONE_FIXED_FEE : "[]"],
    );
  }
  for (const topic of fixtures?.topics ?? []) {
    const id = fixtureEntityId(topic.id);
    await db.query("INSERT INTO topic (id, created_timestamp, timestamp_range) VALUES ($1, 1, int8range(1, NULL))", [id]);
    await db.query(
      "INSERT INTO custom_fee (entity_id, fixed_fees, timestamp_range) VALUES ($1, $2::jsonb, int8range(1, NULL))",
      [id, topic.custom_fees ? ONE_FIXED_FEE : "[]"],
    );
  }
  if (fixtures?.schedule !== undefined) {
    await db.query("INSERT INTO file_data (consensus_timestamp, entity_id, file_data, transaction_type) VALUES (1, 113, $1, 17)", [
      Buffer.from(JSON.stringify(fixtures.schedule)),
    ]);
  }
}
