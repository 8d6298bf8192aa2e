import { afterAll, expect, it } from "vitest";
import { describeWith } from "@/lib/testing/describe-with";
import { referenceData } from "@/lib/testing/requirements";
import { loadSetup } from "./loader";
import { SpecDatabase } from "./spec-database";
import { readSpecFiles, type SpecFile } from "./spec-files";
import { SPEC_TEST_CONFIG } from "./upstream-config";

describeWith([referenceData("reference/mirror-specs")], "a spec database", () => {
  const database = new SpecDatabase();
  afterAll(() => database.close());

  const load = async (file: SpecFile) => {
    const db = await database.next();
    await loadSetup(db.sql, file.setup, SPEC_TEST_CONFIG.system, database.written);
    if (file.postSetup) await db.sql.exec(file.postSetup);
    return db.sql;
  };
  const variantsOf = (path: string) => readSpecFiles().filter((file) => file.path === path);

  it("holds upstream's generated topic_message_lookup rows in the topicMessageLookup variant only", async () => {
    const [base, lookup] = variantsOf("topics/{id}/messages/order.json");
    const count = async (file: SpecFile) => (await (await load(file)).query<{ rows: bigint }>("SELECT count(*) AS rows FROM topic_message_lookup"))[0]?.rows;
    expect(await count(base!)).toBe(0n);
    expect(await count(lookup!)).toBeGreaterThan(0n);
    const sql = await load(lookup!);
    const [messages] = await sql.query<{ topics: bigint }>("SELECT count(DISTINCT topic_id) AS topics FROM topic_message");
    const [covered] = await sql.query<{ uncovered: bigint }>(
      `SELECT count(*) AS uncovered FROM topic_message m
        WHERE NOT EXISTS (SELECT 1 FROM topic_message_lookup l WHERE l.topic_id = m.topic_id
                            AND l.sequence_number_range @> m.sequence_number AND l.timestamp_range @> m.consensus_timestamp)`,
    );
    expect(messages?.topics).toBeGreaterThan(0n);
    expect(covered?.uncovered).toBe(0n);
  });

  it("has no transaction_hash payer in the transactionHashV1 variant", async () => {
    const [base, nullPayer] = variantsOf("transactions/{id}/no-params.json");
    const payers = async (file: SpecFile) => (await (await load(file)).query<{ payers: bigint }>("SELECT count(payer_account_id) AS payers FROM transaction_hash"))[0]?.payers;
    expect(await payers(base!)).toBeGreaterThan(0n);
    expect(await payers(nullPayer!)).toBe(0n);
  });

  it("is empty again for the next file: every table a load wrote to is noted", async () => {
    for (const path of ["accounts/{id}/timestamp.json", "tokens/{id}/nfts/all-params.json", "network/nodes/all-params.json", "schedules/{id}/executed.json", "transactions/{id}/no-params.json", "contracts/{id}/results/{id}/populated-eth-data.json", "contracts/results/{id}/actions/order-asc.json", "contracts/{id}/state/order.json"]) {
      const sql = await load(variantsOf(path)[0]!);
      const tables = await sql.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'app_schema_migrations'");
      for (const { tablename } of tables) {
        const [row] = await sql.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM public."${tablename}") AS found`);
        if (row?.found) expect(database.written, `${path} wrote to ${tablename}`).toContain(tablename);
      }
    }
  });

  it("derives upstream's contract_transaction rows from the results, logs and state changes", async () => {
    const sql = await load(variantsOf("contracts/{id}/results/{id}/populated-eth-data.json")[0]!);
    const rows = await sql.query<{ consensus_timestamp: bigint; entity_id: bigint; contract_ids: string; payer_account_id: bigint }>(
      `SELECT consensus_timestamp, entity_id, array_to_string(contract_ids, ',') AS contract_ids, payer_account_id
         FROM contract_transaction ORDER BY consensus_timestamp, entity_id`,
    );
    const involved = [5001n, 8001n, 102n, 5002n, 2n, 5003n];
    expect(rows).toEqual([
      ...[...involved].sort((a, b) => Number(a - b)).map((id) => ({ consensus_timestamp: 167654000123456n, entity_id: id, contract_ids: involved.join(","), payer_account_id: 8001n })),
      ...[102n, 5001n].map((id) => ({ consensus_timestamp: 167654000123457n, entity_id: id, contract_ids: "5001,102", payer_account_id: 102n })),
    ]);
    const hashes = await sql.query<{ entity_id: bigint; payer_account_id: bigint }>("SELECT entity_id, payer_account_id FROM contract_transaction_hash");
    expect(hashes).toEqual([{ entity_id: 5001n, payer_account_id: 8001n }]);
  });
});
