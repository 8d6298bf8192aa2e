import { route, type Handler } from "@/lib/http/handler";
import { createAccountByIdHandler } from "./accounts/account-by-id";
import { createAccountsHandler } from "./accounts/accounts";
import { createTokenRelationshipsHandler } from "./accounts/token-relationships";
import { createOutstandingAirdropsHandler, createPendingAirdropsHandler } from "./airdrops/airdrops";
import { createCryptoAllowancesHandler } from "./allowances/crypto-allowances";
import { createNftAllowancesHandler } from "./allowances/nft-allowances";
import { createTokenAllowancesHandler } from "./allowances/token-allowances";
import { createBalancesHandler } from "./balances/balances";
import { createBlockByHashOrNumberHandler } from "./blocks/block-by-hash-or-number";
import { createBlocksHandler } from "./blocks/blocks";
import type { MirrorContext } from "./context";
import { createExchangeRateHandler } from "./network/exchange-rate";
import { createFeesHandler } from "./network/fees";
import { createNodesHandler } from "./network/nodes";
import { createStakeHandler } from "./network/stake";
import { createSupplyHandler } from "./network/supply";
import { createAccountNftsHandler } from "./nfts/account-nfts";
import { createNftBySerialHandler } from "./nfts/nft-by-serial";
import { createNftTransactionsHandler } from "./nfts/nft-transactions";
import { createTokenNftsHandler } from "./nfts/token-nfts";
import { withResponseCache, type CachePolicy } from "./response-cache";
import { createRewardsHandler } from "./rewards/rewards";
import { createScheduleByIdHandler } from "./schedules/schedule-by-id";
import { createSchedulesHandler } from "./schedules/schedules";
import { createTokenBalancesHandler } from "./tokens/token-balances";
import { createTokenInfoHandler } from "./tokens/token-info";
import { createTokensHandler } from "./tokens/tokens";
import { createTopicInfoHandler } from "./topics/topic-info";
import { createTopicMessageBySequenceHandler } from "./topics/topic-message-by-sequence";
import { createTopicMessageByTimestampHandler } from "./topics/topic-message-by-timestamp";
import { createTopicMessagesHandler } from "./topics/topic-messages";
import { createTransactionByIdHandler } from "./transactions/transaction-by-id";
import { createTransactionsHandler } from "./transactions/transactions";

/**
 * The mirror GET endpoints we serve, by upstream path template. Next routes
 * them through app/api/v1/…/route.ts (routes.test.ts keeps the two in step);
 * the conformance runner routes spec URLs with this table.
 */
export type MirrorRoute = {
  path: string;
  create: (mirror: MirrorContext) => Handler;
  /** Served from a response cache for up to this policy's max-age (upstream's slowly changing lists). */
  cache?: CachePolicy;
};

export const MIRROR_ROUTES: readonly MirrorRoute[] = ([
  { path: "/api/v1/accounts", create: createAccountsHandler, cache: "slowLists" },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}", create: createAccountByIdHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding", create: createOutstandingAirdropsHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending", create: createPendingAirdropsHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/crypto", create: createCryptoAllowancesHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts", create: createNftAllowancesHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens", create: createTokenAllowancesHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts", create: createAccountNftsHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/rewards", create: createRewardsHandler },
  { path: "/api/v1/accounts/{idOrAliasOrEvmAddress}/tokens", create: createTokenRelationshipsHandler },
  { path: "/api/v1/balances", create: createBalancesHandler },
  { path: "/api/v1/blocks", create: createBlocksHandler },
  { path: "/api/v1/blocks/{hashOrNumber}", create: createBlockByHashOrNumberHandler },
  { path: "/api/v1/network/exchangerate", create: createExchangeRateHandler },
  { path: "/api/v1/network/fees", create: createFeesHandler },
  { path: "/api/v1/network/nodes", create: createNodesHandler },
  { path: "/api/v1/network/stake", create: createStakeHandler },
  { path: "/api/v1/network/supply", create: createSupplyHandler },
  { path: "/api/v1/schedules", create: createSchedulesHandler, cache: "slowLists" },
  { path: "/api/v1/schedules/{scheduleId}", create: createScheduleByIdHandler },
  { path: "/api/v1/tokens", create: createTokensHandler, cache: "slowLists" },
  { path: "/api/v1/tokens/{tokenId}", create: createTokenInfoHandler },
  { path: "/api/v1/tokens/{tokenId}/balances", create: createTokenBalancesHandler },
  { path: "/api/v1/tokens/{tokenId}/nfts", create: createTokenNftsHandler },
  { path: "/api/v1/tokens/{tokenId}/nfts/{serialNumber}", create: createNftBySerialHandler },
  { path: "/api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions", create: createNftTransactionsHandler },
  { path: "/api/v1/topics/messages/{timestamp}", create: createTopicMessageByTimestampHandler },
  { path: "/api/v1/topics/{topicId}", create: createTopicInfoHandler },
  { path: "/api/v1/topics/{topicId}/messages", create: createTopicMessagesHandler },
  { path: "/api/v1/topics/{topicId}/messages/{sequenceNumber}", create: createTopicMessageBySequenceHandler },
  { path: "/api/v1/transactions", create: createTransactionsHandler },
  { path: "/api/v1/transactions/{transactionIdOrHash}", create: createTransactionByIdHandler },
] satisfies MirrorRoute[]).map(withCache);

function withCache(route: MirrorRoute): MirrorRoute {
  const policy = route.cache;
  return policy ? { ...route, create: (mirror) => withResponseCache(route.create(mirror), policy) } : route;
}

/** The route whose template matches `pathname`, with the path parameters it names. */
export function matchMirrorRoute(pathname: string): { route: MirrorRoute; params: Record<string, string> } | undefined {
  const segments = pathname.replace(/\/+$/, "").split("/");
  for (const route of MIRROR_ROUTES) {
    const template = route.path.split("/");
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = template.every((part, index) => {
      const segment = segments[index]!;
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) params[name] = decodeURIComponent(segment);
      return name !== undefined || part === segment;
    });
    if (matches) return { route, params };
  }
  return undefined;
}

/**
 * Serves one request in this process through the route table, with the
 * handler wrapper's error mapping (the conformance runner, the bench's plan
 * capture and tests); undefined when no route matches its path.
 */
export function serveMirrorRequest(mirror: MirrorContext, request: Request): Promise<Response> | undefined {
  const matched = matchMirrorRoute(new URL(request.url).pathname);
  return matched && route(matched.route.create(mirror))(request, { params: Promise.resolve(matched.params) });
}
