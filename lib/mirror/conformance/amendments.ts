import type { SpecCase } from "./spec-files";

/**
 * Corrections to upstream expectations that are out of date or inconsistent,
 * each with its reason and the evidence that proves the expectation wrong: a
 * second spec file of the reference copy, or upstream's code or OpenAPI
 * document (hiero-ledger/hiero-mirror-node, 0.154). Applied to the expected
 * body before comparing; the report lists every case an amendment touched.
 */
export type Evidence = { spec: string; shows: string } | { upstream: string; shows: string };

export type Amendment = {
  reason: string;
  evidence: readonly Evidence[];
  applies: (specPath: string, testCase: SpecCase) => boolean;
  amend: (body: unknown) => unknown;
};

export const AMENDMENTS: readonly Amendment[] = [
  {
    reason:
      "the network/nodes specs were removed upstream before `associated_registered_nodes` was added; 0.154's OpenAPI " +
      "NetworkNode requires it, and a node without registered nodes has an empty list",
    evidence: [
      { upstream: "rest/api/v1/openapi.yml", shows: "NetworkNode lists `associated_registered_nodes` as required, a non-nullable array of node ids" },
      {
        upstream: "rest-java/src/main/java/org/hiero/mirror/restjava/repository/NetworkNodeRepository.java",
        shows: "findNetworkNodes selects `n.associated_registered_nodes` for every node it returns",
      },
    ],
    applies: (specPath, testCase) => specPath.startsWith("network/nodes/") && testCase.status === 200,
    amend: (body) => {
      const nodes = (body as { nodes?: Array<Record<string, unknown>> }).nodes ?? [];
      return { ...(body as object), nodes: nodes.map((node) => ({ associated_registered_nodes: [], ...node })) };
    },
  },
  {
    reason:
      "upstream's TokenAllowanceController reads `response.limit.default` once, when its module loads, before the " +
      "spec's config (default 2) is applied, so this case shows the production default of 25; with the default " +
      "the spec configures, the page is the first two of the same rows, with the next link the `limit=3` case of " +
      "the same file shows the pattern of",
    evidence: [
      {
        upstream: "rest/controllers/tokenAllowanceController.js",
        shows: "`const {default: defaultLimit} = getResponseLimit();` at module scope: the limit is read when the module loads, not per request",
      },
      { spec: "accounts/{id}/allowances/tokens/spender-id-range.json", shows: "its `limit=3` case pages the same rows with the configured limit and links on with this pattern" },
    ],
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
    evidence: [
      { spec: "accounts/{id}/timestamp-lte.json", shows: "a range holding a treasury snapshot answers with the account's balance and tokens in that snapshot" },
      {
        spec: "accounts/{id}/timestamp-closed-range.json",
        shows: "under the spec's own clock (fakeTime), ranges holding a snapshot answer with it, and only ranges holding none show the entity's balance without tokens",
      },
    ],
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
