/**
 * The spec groups `npm run conformance` and the pinned test run: every
 * endpoint this service serves, and `route` (an unknown path). Not run by
 * default (`--all` runs them): `contracts/**`, endpoints not served yet, and
 * `authentication`, which needs upstream's per-user basic-auth accounts
 * (UNSUPPORTED_SETTINGS).
 */
export const SERVED_GROUPS: readonly string[] = [
  "accounts",
  "accounts/{id}",
  "accounts/{id}/allowances/crypto",
  "accounts/{id}/allowances/tokens",
  "accounts/{id}/nfts",
  "accounts/{id}/rewards",
  "accounts/{id}/tokens",
  "balances",
  "blocks",
  "blocks/{id}",
  "contracts",
  "contracts/{id}",
  "contracts/{id}/state",
  "contracts/results",
  "contracts/{id}/results",
  "contracts/results/logs",
  "contracts/{id}/results/logs",
  "network/exchangerate",
  "network/fees",
  "network/nodes",
  "network/stake",
  "network/supply",
  "route",
  "schedules",
  "schedules/{id}",
  "tokens",
  "tokens/{id}",
  "tokens/{id}/balances",
  "tokens/{id}/nfts",
  "tokens/{id}/nfts/{id}",
  "tokens/{id}/nfts/{id}/transactions",
  "topics/messages/{id}",
  "topics/{id}/messages",
  "topics/{id}/messages/{id}",
  "transactions",
  "transactions/{id}",
];
