import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * The mirror API on the server `npm start` runs, over the demo ledger it
 * seeds on first start: each list answers with rows, and the ids a list
 * gives open their own records, as an explorer would walk them.
 */
async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

test("accounts, balances and an account's own page", async ({ request }) => {
  const { accounts, links } = await getJson<{ accounts: Array<{ account: string }>; links: { next: string | null } }>(request, "/api/v1/accounts?limit=5");
  expect(accounts).toHaveLength(5);
  expect(links.next).toMatch(/^\/api\/v1\/accounts\?/);
  const next = await getJson<{ accounts: Array<{ account: string }> }>(request, links.next!);
  expect(next.accounts[0]?.account).not.toBe(accounts[0]?.account);

  const busiest = (await getJson<{ transactions: Array<{ transfers: Array<{ account: string }> }> }>(request, "/api/v1/transactions?limit=1&transactiontype=cryptotransfer&result=success")).transactions[0]!;
  const account = busiest.transfers.find((transfer) => Number(transfer.account.split(".")[2]) > 1000)!.account;
  const page = await getJson<{ account: string; balance: { balance: number }; transactions: unknown[] }>(request, `/api/v1/accounts/${account}`);
  expect(page.account).toBe(account);
  expect(page.transactions.length).toBeGreaterThan(0);

  const { balances } = await getJson<{ balances: unknown[] }>(request, "/api/v1/balances?limit=5");
  expect(balances).toHaveLength(5);
});

test("a transaction by id, and the block that holds it", async ({ request }) => {
  const { transactions } = await getJson<{ transactions: Array<{ transaction_id: string; consensus_timestamp: string }> }>(request, "/api/v1/transactions?limit=3");
  expect(transactions).toHaveLength(3);
  const first = transactions[0]!;
  const byId = await getJson<{ transactions: Array<{ consensus_timestamp: string }> }>(request, `/api/v1/transactions/${first.transaction_id}`);
  expect(byId.transactions.map((transaction) => transaction.consensus_timestamp)).toContain(first.consensus_timestamp);

  const { blocks } = await getJson<{ blocks: Array<{ number: number; timestamp: { from: string; to: string } }> }>(request, `/api/v1/blocks?timestamp=gte:${first.consensus_timestamp}&order=asc&limit=1`);
  expect(blocks).toHaveLength(1);
  const block = await getJson<{ number: number }>(request, `/api/v1/blocks/${blocks[0]!.number}`);
  expect(block.number).toBe(blocks[0]!.number);

  const malformed = await request.get("/api/v1/transactions/0.0.2-nope");
  expect(malformed.status()).toBe(400);
});

test("tokens with their holders, topics with their messages, schedules and the network", async ({ request }) => {
  const { tokens } = await getJson<{ tokens: Array<{ token_id: string }> }>(request, "/api/v1/tokens?limit=5");
  expect(tokens.length).toBeGreaterThan(0);
  const { balances } = await getJson<{ balances: unknown[] }>(request, `/api/v1/tokens/${tokens[0]!.token_id}/balances`);
  expect(balances.length).toBeGreaterThan(0);

  const submits = await getJson<{ transactions: Array<{ entity_id: string }> }>(request, "/api/v1/transactions?limit=1&transactiontype=consensussubmitmessage&result=success");
  const topic = submits.transactions[0]!.entity_id;
  const { messages } = await getJson<{ messages: Array<{ sequence_number: number }> }>(request, `/api/v1/topics/${topic}/messages?limit=2`);
  expect(messages.length).toBeGreaterThan(0);
  const message = await getJson<{ sequence_number: number }>(request, `/api/v1/topics/${topic}/messages/${messages[0]!.sequence_number}`);
  expect(message.sequence_number).toBe(messages[0]!.sequence_number);

  const { schedules } = await getJson<{ schedules: unknown[] }>(request, "/api/v1/schedules?limit=5");
  expect(schedules.length).toBeGreaterThan(0);
  const supply = await getJson<{ released_supply: string; total_supply: string }>(request, "/api/v1/network/supply");
  expect(BigInt(supply.released_supply)).toBeGreaterThan(0n);
  const { nodes } = await getJson<{ nodes: unknown[] }>(request, "/api/v1/network/nodes");
  expect(nodes.length).toBeGreaterThan(0);
});
