import { estimateFees } from "@/lib/fees/estimate-route";
import { liveness } from "@/lib/health/health";
import { readiness } from "@/lib/health/readiness-route";
import type { Handler } from "@/lib/http/handler";
import type { HttpMethod } from "@/lib/http/methods";
import { createAccountByIdHandler } from "@/lib/mirror/accounts/account-by-id";
import { createAccountsHandler } from "@/lib/mirror/accounts/accounts";
import { createTokenRelationshipsHandler } from "@/lib/mirror/accounts/token-relationships";
import { createOutstandingAirdropsHandler, createPendingAirdropsHandler } from "@/lib/mirror/airdrops/airdrops";
import { createCryptoAllowancesHandler } from "@/lib/mirror/allowances/crypto-allowances";
import { createNftAllowancesHandler } from "@/lib/mirror/allowances/nft-allowances";
import { createTokenAllowancesHandler } from "@/lib/mirror/allowances/token-allowances";
import { createBalancesHandler } from "@/lib/mirror/balances/balances";
import { createBlockByHashOrNumberHandler } from "@/lib/mirror/blocks/block-by-hash-or-number";
import { createBlocksHandler } from "@/lib/mirror/blocks/blocks";
import { createContractLogsByIdHandler, createContractLogsHandler } from "@/lib/mirror/contracts/logs/contract-logs";
import type { MirrorContext } from "@/lib/mirror/context";
import { createContractByIdHandler } from "@/lib/mirror/contracts/contract-by-id";
import { createContractsHandler } from "@/lib/mirror/contracts/contracts";
import { createContractStateHandler } from "@/lib/mirror/contracts/state/contract-state";
import { createAllContractResultsHandler } from "@/lib/mirror/contracts/results/all-contract-results";
import { createContractResultsHandler } from "@/lib/mirror/contracts/results/contract-results";
import { createContractActionsHandler } from "@/lib/mirror/contracts/result-details/actions";
import { createResultByTimestampHandler } from "@/lib/mirror/contracts/result-details/result-by-timestamp";
import { createResultByTransactionHandler } from "@/lib/mirror/contracts/result-details/result-by-transaction";
import { contractsPreflight, createContractCallHandler } from "@/lib/mirror/contracts/call/call-handler";
import { createContractOpcodesHandler, createOpcodesHandler } from "@/lib/mirror/contracts/opcodes/opcodes-handler";
import { createExchangeRateHandler } from "@/lib/mirror/network/exchange-rate";
import { createFeesHandler } from "@/lib/mirror/network/fees";
import { createNodesHandler } from "@/lib/mirror/network/nodes";
import { createRegisteredNodesHandler } from "@/lib/mirror/network/registered-nodes";
import { createStakeHandler } from "@/lib/mirror/network/stake";
import { createSupplyHandler } from "@/lib/mirror/network/supply";
import { createAccountNftsHandler } from "@/lib/mirror/nfts/account-nfts";
import { createNftBySerialHandler } from "@/lib/mirror/nfts/nft-by-serial";
import { createNftTransactionsHandler } from "@/lib/mirror/nfts/nft-transactions";
import { createTokenNftsHandler } from "@/lib/mirror/nfts/token-nfts";
import type { CachePolicy } from "@/lib/mirror/response-cache";
import { createRewardsHandler } from "@/lib/mirror/rewards/rewards";
import { createScheduleByIdHandler } from "@/lib/mirror/schedules/schedule-by-id";
import { createSchedulesHandler } from "@/lib/mirror/schedules/schedules";
import { createTokenBalancesHandler } from "@/lib/mirror/tokens/token-balances";
import { createTokenInfoHandler } from "@/lib/mirror/tokens/token-info";
import { createTokensHandler } from "@/lib/mirror/tokens/tokens";
import { createTopicInfoHandler } from "@/lib/mirror/topics/topic-info";
import { createTopicMessageBySequenceHandler } from "@/lib/mirror/topics/topic-message-by-sequence";
import { createTopicMessageByTimestampHandler } from "@/lib/mirror/topics/topic-message-by-timestamp";
import { createTopicMessagesHandler } from "@/lib/mirror/topics/topic-messages";
import { createTransactionByIdHandler } from "@/lib/mirror/transactions/transaction-by-id";
import { createTransactionsHandler } from "@/lib/mirror/transactions/transactions";
import { serveApiReferencePage, serveApiReferenceScript } from "@/lib/openapi/reference-page";
import { serveOpenApiDocument, serveOpenApiJson } from "@/lib/openapi/serve-document";
import { manageApi } from "@/lib/status/manage/routes";
import { subscriptionLinkApi } from "@/lib/status/subscription-links-api";
import { publicApi } from "@/lib/status/public-routes";
import { getMonitorMeasurements } from "@/lib/status/measurements-api";

/** The part of the app a route belongs to. */
export type Face = "health" | "mirror" | "docs" | "status" | "manage";

/** A mirror handler is made for a MirrorContext: the app's mirror database, or a test's or the conformance runner's. */
export type MirrorEndpoint = { readonly mirror: (context: MirrorContext) => Handler };
export type Endpoint = Handler | MirrorEndpoint;

export type RouteDeclaration = {
  /** The OpenAPI path template (`{param}` segments): the document's key for this route, and upstream's spec URLs. */
  readonly path: string;
  readonly face: Face;
  /** The handler of each method the route answers; any other method answers 405 (OPTIONS 204), on both servers. */
  readonly methods: Partial<Record<HttpMethod, Endpoint>>;
  /** A mirror GET served from a response cache for up to this policy's max-age (upstream's slowly changing lists). */
  readonly cache?: CachePolicy;
  /** A public document: any origin may read it, and OPTIONS answers the CORS preflight. */
  readonly publicDocument?: true;
};

const mirror = (path: string, create: MirrorEndpoint["mirror"], cache?: CachePolicy): RouteDeclaration => ({
  path,
  face: "mirror",
  methods: { GET: { mirror: create } },
  ...(cache && { cache }),
});

const statusDocument = (path: string, handler: Handler): RouteDeclaration => ({ path, face: "status", methods: { GET: handler }, publicDocument: true });

const MANAGE_PAGE = "/api/manage/v1/pages/{page_id}";
const api = manageApi;

/**
 * Every API route the app serves, on `npm start` (lib/server) and `next
 * start` (the app/ route files generated from this table by `npm run
 * routes:generate`) alike; the conformance runner, the OpenAPI document's
 * path list and the tests read it too.
 */
export const ROUTES: readonly RouteDeclaration[] = [
  { path: "/api/health", face: "health", methods: { GET: liveness } },
  { path: "/api/health/ready", face: "health", methods: { GET: readiness } },

  mirror("/api/v1/accounts", createAccountsHandler, "slowLists"),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}", createAccountByIdHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding", createOutstandingAirdropsHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending", createPendingAirdropsHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/crypto", createCryptoAllowancesHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts", createNftAllowancesHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens", createTokenAllowancesHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts", createAccountNftsHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/rewards", createRewardsHandler),
  mirror("/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens", createTokenRelationshipsHandler),
  mirror("/api/v1/balances", createBalancesHandler),
  mirror("/api/v1/blocks", createBlocksHandler),
  mirror("/api/v1/blocks/{hashOrNumber}", createBlockByHashOrNumberHandler),
  mirror("/api/v1/contracts", createContractsHandler, "slowLists"),
  mirror("/api/v1/contracts/{contractIdOrAddress}", createContractByIdHandler),
  mirror("/api/v1/contracts/{contractIdOrAddress}/state", createContractStateHandler),
  mirror("/api/v1/contracts/results", createAllContractResultsHandler),
  mirror("/api/v1/contracts/{contractIdOrAddress}/results", createContractResultsHandler),
  mirror("/api/v1/contracts/logs", createContractLogsHandler),
  mirror("/api/v1/contracts/results/logs", createContractLogsHandler),
  mirror("/api/v1/contracts/{contractIdOrAddress}/results/logs", createContractLogsByIdHandler),
  mirror("/api/v1/contracts/results/{transactionIdOrHash}", createResultByTransactionHandler),
  mirror("/api/v1/contracts/results/{transactionIdOrHash}/actions", createContractActionsHandler),
  // Our path of the actions (upstream's is …/actions): the same handler.
  mirror("/api/v1/contracts/results/{transactionIdOrHash}/results", createContractActionsHandler),
  mirror("/api/v1/contracts/{contractIdOrAddress}/results/{timestamp}", createResultByTimestampHandler),
  mirror("/api/v1/contracts/results/{transactionIdOrHash}/opcodes", (context) => createOpcodesHandler(context)),
  // Ours: the trace of a result by contract and timestamp (upstream's `/contracts/{id}/results/opcodes` would collide with `{timestamp}`).
  mirror("/api/v1/contracts/{contractIdOrAddress}/results/{timestamp}/opcodes", (context) => createContractOpcodesHandler(context)),
  // Upstream's web3 call: a POST, with its own CORS preflight as for all of `/api/v1/contracts/**`.
  { path: "/api/v1/contracts/call", face: "mirror", methods: { POST: { mirror: (context) => createContractCallHandler(context) }, OPTIONS: contractsPreflight } },
  mirror("/api/v1/network/exchangerate", createExchangeRateHandler),
  // The mirror's fee schedule; POST is the fee estimator's, on the path the Hiero SDKs ask.
  { path: "/api/v1/network/fees", face: "mirror", methods: { GET: { mirror: createFeesHandler }, POST: estimateFees } },
  mirror("/api/v1/network/nodes", createNodesHandler),
  mirror("/api/v1/network/registered-nodes", createRegisteredNodesHandler),
  mirror("/api/v1/network/stake", createStakeHandler),
  mirror("/api/v1/network/supply", createSupplyHandler),
  mirror("/api/v1/schedules", createSchedulesHandler, "slowLists"),
  mirror("/api/v1/schedules/{scheduleId}", createScheduleByIdHandler),
  mirror("/api/v1/tokens", createTokensHandler, "slowLists"),
  mirror("/api/v1/tokens/{tokenId}", createTokenInfoHandler),
  mirror("/api/v1/tokens/{tokenId}/balances", createTokenBalancesHandler),
  mirror("/api/v1/tokens/{tokenId}/nfts", createTokenNftsHandler),
  mirror("/api/v1/tokens/{tokenId}/nfts/{serialNumber}", createNftBySerialHandler),
  mirror("/api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions", createNftTransactionsHandler),
  mirror("/api/v1/topics/messages/{timestamp}", createTopicMessageByTimestampHandler),
  mirror("/api/v1/topics/{topicId}", createTopicInfoHandler),
  mirror("/api/v1/topics/{topicId}/messages", createTopicMessagesHandler),
  mirror("/api/v1/topics/{topicId}/messages/{sequenceNumber}", createTopicMessageBySequenceHandler),
  mirror("/api/v1/transactions", createTransactionsHandler),
  mirror("/api/v1/transactions/{transactionIdOrHash}", createTransactionByIdHandler),

  { path: "/api/v1/docs/openapi.yml", face: "docs", methods: { GET: serveOpenApiDocument } },
  { path: "/api/v1/docs/openapi.json", face: "docs", methods: { GET: serveOpenApiJson } },
  { path: "/api/docs", face: "docs", methods: { GET: serveApiReferencePage } },
  { path: "/api/docs/reference.js", face: "docs", methods: { GET: serveApiReferenceScript } },

  statusDocument("/api/v2/summary.json", publicApi.getSummary),
  statusDocument("/api/v2/status.json", publicApi.getStatus),
  statusDocument("/api/v2/components.json", publicApi.getComponents),
  statusDocument("/api/v2/incidents.json", publicApi.getIncidents),
  statusDocument("/api/v2/incidents/unresolved.json", publicApi.getUnresolvedIncidents),
  statusDocument("/api/v2/scheduled-maintenances.json", publicApi.getScheduledMaintenances),
  statusDocument("/api/v2/scheduled-maintenances/upcoming.json", publicApi.getUpcomingMaintenances),
  statusDocument("/api/v2/scheduled-maintenances/active.json", publicApi.getActiveMaintenances),
  // Ours beside Statuspage's documents: the built-in monitors' measurements (issue 22).
  statusDocument("/api/v2/monitors.json", getMonitorMeasurements),
  statusDocument("/history.rss", publicApi.getHistoryRss),
  statusDocument("/history.atom", publicApi.getHistoryAtom),
  // A subscriber's token links (issue 21).
  { path: "/api/subscriptions/{token}/confirm", face: "status", methods: { POST: subscriptionLinkApi.confirmSubscription } },
  { path: "/api/subscriptions", face: "status", methods: { POST: subscriptionLinkApi.subscribe } },
  { path: "/api/subscriptions/{token}", face: "status", methods: { PATCH: subscriptionLinkApi.changeComponents } },
  { path: "/api/subscriptions/{token}/unsubscribe", face: "status", methods: { GET: subscriptionLinkApi.unsubscribePage, POST: subscriptionLinkApi.unsubscribe } },

  // Statuspage's manage API v1; PUT is accepted as PATCH, as Statuspage does.
  { path: MANAGE_PAGE, face: "manage", methods: { GET: api.getPage, PATCH: api.updatePage, PUT: api.updatePage } },
  { path: `${MANAGE_PAGE}/components`, face: "manage", methods: { GET: api.listComponents, POST: api.createComponent } },
  {
    path: `${MANAGE_PAGE}/components/{id}`,
    face: "manage",
    methods: { GET: api.getComponent, PATCH: api.updateComponent, PUT: api.updateComponent, DELETE: api.deleteComponent },
  },
  { path: `${MANAGE_PAGE}/component-groups`, face: "manage", methods: { GET: api.listComponentGroups, POST: api.createComponentGroup } },
  {
    path: `${MANAGE_PAGE}/component-groups/{id}`,
    face: "manage",
    methods: { GET: api.getComponentGroup, PATCH: api.updateComponentGroup, PUT: api.updateComponentGroup, DELETE: api.deleteComponentGroup },
  },
  { path: `${MANAGE_PAGE}/incidents`, face: "manage", methods: { GET: api.listIncidents, POST: api.createIncident } },
  {
    path: `${MANAGE_PAGE}/incidents/{id}`,
    face: "manage",
    methods: { GET: api.getIncident, PATCH: api.updateIncident, PUT: api.updateIncident, DELETE: api.deleteIncident },
  },
  { path: `${MANAGE_PAGE}/incidents/unresolved`, face: "manage", methods: { GET: api.listUnresolvedIncidents } },
  { path: `${MANAGE_PAGE}/incidents/scheduled`, face: "manage", methods: { GET: api.listScheduledIncidents } },
  { path: `${MANAGE_PAGE}/incidents/active_maintenance`, face: "manage", methods: { GET: api.listActiveMaintenances } },
  { path: `${MANAGE_PAGE}/incidents/upcoming`, face: "manage", methods: { GET: api.listUpcomingIncidents } },
  { path: `${MANAGE_PAGE}/subscribers`, face: "manage", methods: { GET: api.listSubscribers, POST: api.createSubscriber } },
  { path: `${MANAGE_PAGE}/subscribers/{id}`, face: "manage", methods: { GET: api.getSubscriber, DELETE: api.deleteSubscriber } },
  { path: `${MANAGE_PAGE}/subscribers/{id}/resend_confirmation`, face: "manage", methods: { POST: api.resendSubscriberConfirmation } },
  { path: `${MANAGE_PAGE}/monitors`, face: "manage", methods: { GET: api.listMonitors, POST: api.createMonitor } },
  {
    path: `${MANAGE_PAGE}/monitors/{id}`,
    face: "manage",
    methods: { GET: api.getMonitor, PATCH: api.updateMonitor, PUT: api.updateMonitor, DELETE: api.deleteMonitor },
  },
  { path: `${MANAGE_PAGE}/notification-deliveries`, face: "manage", methods: { GET: api.listDeliveries } },
  { path: `${MANAGE_PAGE}/notification-deliveries/{id}/retry`, face: "manage", methods: { POST: api.retryDelivery } },
  { path: `${MANAGE_PAGE}/audit-log`, face: "manage", methods: { GET: api.listAuditLog } },
];

/** The methods a route answers, in the table's order: its handlers', and OPTIONS for a public document's preflight. */
export function routeMethods(route: RouteDeclaration): HttpMethod[] {
  const methods = Object.keys(route.methods) as HttpMethod[];
  return route.publicDocument && !methods.includes("OPTIONS") ? [...methods, "OPTIONS"] : methods;
}

/** The table's route for an OpenAPI path template. */
export function routeAt(path: string): RouteDeclaration {
  const found = ROUTES.find((route) => route.path === path);
  if (!found) throw new Error(`No route ${path} in lib/routes/table.ts`);
  return found;
}
