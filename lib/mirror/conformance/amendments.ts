import type { SpecCase } from "./spec-files";

/**
 * Corrections to upstream expectations that are out of date or inconsistent,
 * each with its reason. Applied to the expected body before comparing; the
 * report lists every case an amendment touched.
 */
export type Amendment = { reason: string; applies: (specPath: string, testCase: SpecCase) => boolean; amend: (body: unknown) => unknown };

export const AMENDMENTS: readonly Amendment[] = [
  {
    reason:
      "the network/nodes specs were removed upstream before `associated_registered_nodes` was added; 0.154's OpenAPI " +
      "NetworkNode requires it, and a node without registered nodes has an empty list",
    applies: (specPath, testCase) => specPath.startsWith("network/nodes/") && testCase.status === 200,
    amend: (body) => {
      const nodes = (body as { nodes?: Array<Record<string, unknown>> }).nodes ?? [];
      return { ...(body as object), nodes: nodes.map((node) => ({ associated_registered_nodes: [], ...node })) };
    },
  },
  {
    reason:
      "this rest-java error entry omits `data`, which every other rest-java error in the same specs (and rest-java " +
      "itself) carries as null",
    applies: (specPath) => specPath === "network/nodes/multi-file-id.json",
    amend: (body) => {
      const messages = (body as { _status: { messages: Array<Record<string, unknown>> } })._status.messages;
      return { _status: { messages: messages.map((message) => ({ ...message, data: message.data ?? null })) } };
    },
  },
  {
    reason:
      "upstream's TokenAllowanceController reads `response.limit.default` once, when its module loads, before the " +
      "spec's config (default 2) is applied, so this case shows the production default of 25; with the default " +
      "the spec configures, the page is the first two of the same rows, with the next link the `limit=3` case of " +
      "the same file shows the pattern of",
    applies: (specPath, testCase) =>
      specPath === "accounts/{id}/allowances/tokens/spender-id-range.json" && testCase.url === "/api/v1/accounts/1001/allowances/tokens?spender.id=gte:2001&spender.id=lt:3101",
    amend: (body) => ({
      allowances: (body as { allowances: unknown[] }).allowances.slice(0, 2),
      links: { next: "/api/v1/accounts/1001/allowances/tokens?spender.id=lt:3101&spender.id=gte:0.0.2001&token.id=gt:0.0.10002" },
    }),
  },
  {
    reason:
      "the range (after 1234567890.000000006, no upper bound) holds the treasury snapshot 1234567890.300000010, four " +
      "months before the spec's clock (2009-06-19), so by upstream's rule, which timestamp-lte.json and " +
      "timestamp-closed-range.json show, the balances are account 8's in that snapshot; the expectation shows the " +
      "entity's own balance and no tokens (no snapshot found), what the rule gives with the six-month window taken " +
      "from the wall clock instead of the spec's clock",
    applies: (specPath) => specPath === "accounts/{id}/timestamp.json",
    amend: (body) => ({
      ...(body as object),
      balance: {
        balance: 80n,
        timestamp: "1234567890.300000010",
        tokens: [
          { token_id: "0.0.99998", balance: 98n },
          { token_id: "0.0.99999", balance: 88n },
        ],
      },
    }),
  },
];
