import type { SqlClient } from "@/lib/db";
import { invalidParameter, notFound } from "@/lib/http/errors";
import type { RouteContext } from "@/lib/http/handler";
import { decodeBase32 } from "../base32";
import type { MirrorConfig } from "../config";
import type { MirrorContext } from "../context";
import type { SystemShardRealm } from "../entity-id";
import { parseStringEntityId } from "../entity-id-param";
import { RequestQuery, validateQuery, type ValueRule } from "../query";
import { lookupJavaAccount, parseJavaAccountPath } from "../rest-java/account-path";
import { idByAlias, idByEvmAddress } from "./queries";

const PARAMETER = "idOrAliasOrEvmAddress";
const PLAIN_ID = /^((\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})$/;
const EVM_ADDRESS = /^((\d{1,4}\.)?(\d{1,5}\.)?[0-9A-Fa-f]{40}|0x[0-9A-Fa-f]{40})$/;
const ALIAS = /^((\d{1,4}\.)?\d{1,5}\.)?[A-Z2-7]+$/;

/**
 * The account a `{idOrAliasOrEvmAddress}` path segment names (upstream
 * `EntityService.getEncodedId`, through `EntityId.parseString`, so a bare
 * number is a num and `-1` is invalid): an id as is, a long-zero address
 * arithmetically, an opaque address or an alias by lookup (404 when unknown).
 */
export async function resolveAccountPath(raw: unknown, sql: SqlClient, system: SystemShardRealm): Promise<bigint> {
  const text = typeof raw === "string" ? raw : "";
  if (PLAIN_ID.test(text) || EVM_ADDRESS.test(text)) {
    const parsed = parseStringEntityId(text, system);
    if ("invalid" in parsed) throw invalidParameter(PARAMETER);
    if ("id" in parsed) return parsed.id;
    const id = await idByEvmAddress(sql, Uint8Array.from(Buffer.from(parsed.evmAddress, "hex")));
    if (id === null) throw notFound();
    return id;
  }
  if (ALIAS.test(text)) {
    const alias = decodeBase32(text.slice(text.lastIndexOf(".") + 1));
    if (!alias) throw invalidParameter(PARAMETER);
    const id = await idByAlias(sql, alias);
    if (id === null) throw notFound("No account with a matching alias found");
    return id;
  }
  throw invalidParameter(PARAMETER);
}

/** How an /accounts/{id}/… endpoint reads its request, in its upstream's order. */
export type AccountEndpoint<Params> =
  | {
      /** Upstream JS: the query validated, then the account resolved, then the query read. */
      path: "js";
      parameters: Readonly<Record<string, ValueRule>>;
      /** Checks upstream makes after validation and before it resolves the account. */
      check?: (query: RequestQuery) => void;
      /** The endpoint resolves the account before it looks at the query. */
      resolveFirst?: boolean;
      parse: (query: RequestQuery, config: MirrorConfig) => Params;
    }
  | {
      /** rest-java: the path converted, then the whole query bound and checked, then the account looked up. */
      path: "java";
      parse: (query: RequestQuery, config: MirrorConfig) => Params;
    };

/** An /accounts/{id}/… request once its account is known. */
export type AccountRequest<Params> = { url: URL; query: RequestQuery; sql: SqlClient; accountId: bigint; params: Params };

/** The prologue of every /accounts/{id}/… handler: the account from the path and the endpoint's params from the query. */
export async function readAccountRequest<Params>(
  mirror: MirrorContext,
  request: Request,
  context: RouteContext,
  endpoint: AccountEndpoint<Params>,
): Promise<AccountRequest<Params>> {
  const url = new URL(request.url);
  const query = RequestQuery.fromUrl(url);
  const raw = (await context.params).idOrAliasOrEvmAddress;
  if (endpoint.path === "java") {
    const path = parseJavaAccountPath(raw, mirror.config.system);
    const params = endpoint.parse(query, mirror.config);
    const sql = await mirror.sql();
    return { url, query, sql, accountId: await lookupJavaAccount(sql, path), params };
  }
  const validate = () => {
    validateQuery(query, endpoint.parameters, mirror.config.maxRepeatedQueryParameters);
    endpoint.check?.(query);
  };
  if (!endpoint.resolveFirst) validate();
  const sql = await mirror.sql();
  const accountId = await resolveAccountPath(raw, sql, mirror.config.system);
  if (endpoint.resolveFirst) validate();
  return { url, query, sql, accountId, params: endpoint.parse(query, mirror.config) };
}
