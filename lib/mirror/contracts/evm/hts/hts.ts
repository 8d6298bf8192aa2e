import { proto } from "@hiero-ledger/proto";
import { decodeEntityId } from "@/lib/mirror/entity-id";
import type { CustomFeeRow, EntityInfoRow, TokenInfoRow } from "@/lib/mirror/tokens/queries";
import { parseStoredFees } from "@/lib/mirror/tokens/render";
import { longZeroAddress } from "../mirror-state";
import { address, Arguments, array, bool, bytes, encode, int, selector, string, tuple, type AbiValue } from "./abi";
import type { TokenRelationRow } from "./queries";
import type { TokenReads, TokenView } from "./token-state";

/** What a system contract function answers: its output, a revert (upstream `revertResult`: the status name as bytes), or a halt. */
export type SystemResult =
  | { readonly kind: "success"; readonly output: Uint8Array; readonly gas: bigint }
  | { readonly kind: "revert"; readonly output: Uint8Array; readonly gas: bigint }
  | { readonly kind: "halt" };

/**
 * The gas of an HTS view (`SystemContractGasCalculator.viewGasRequirement`
 * with canonical view gas on, the default): TokenGetInfo's canonical price,
 * $0.0001 = 1,000,000 tinycents, at the fixed 852,000 fee-schedule units per
 * gas, rounded as upstream rounds, plus its 20 % premium; at least 100.
 */
export const VIEW_GAS = viewGas(1_000_000n);

/** `gasRequirementFromTinycents` at the fixed gas price. */
export function viewGas(tinycents: bigint): bigint {
  const gasPrice = 852_000n;
  const gas = ((tinycents + gasPrice - 1n) * 1_000n) / gasPrice;
  const withPremium = gas + gas / 5n;
  return withPremium > 100n ? withPremium : 100n;
}

const code = (name: keyof typeof proto.ResponseCodeEnum): number => proto.ResponseCodeEnum[name] as number;
const SUCCESS = code("SUCCESS");

const success = (...values: AbiValue[]): SystemResult => ({ kind: "success", output: encode(...values), gas: VIEW_GAS });
const revert = (status: keyof typeof proto.ResponseCodeEnum): SystemResult => ({ kind: "revert", output: new TextEncoder().encode(status), gas: VIEW_GAS });
const HALT: SystemResult = { kind: "halt" };

const ZERO_ADDRESS = new Uint8Array(20);
const tokenAddress = (id: bigint) => longZeroAddress(decodeEntityId(id).num).bytes;
const optionalAddress = (id: bigint | null | undefined) => address(id === null || id === undefined || id === 0n ? ZERO_ADDRESS : tokenAddress(id));
const isNft = (token: TokenView) => token.row.type === "NON_FUNGIBLE_UNIQUE";
const NANOS_PER_SECOND = 1_000_000_000n;

/** Per request: the token reads and what the ledger says of itself. */
export type HtsContext = { readonly tokens: TokenReads; readonly ledgerId: string };
/** Per call: also whether it runs in a static frame. */
type HtsCall = HtsContext & { readonly isStatic: boolean };

type TokenFunction = (token: TokenView, args: Arguments, context: HtsCall) => Promise<SystemResult>;
type HtsFunction = (args: Arguments, context: HtsCall) => Promise<SystemResult>;

/**
 * A status other than SUCCESS: `(status, defaults)`, but a revert with the
 * status in a static frame ("for backwards compatibility", issue #8746 upstream).
 */
const failure = ({ isStatic }: HtsCall, status: keyof typeof proto.ResponseCodeEnum, ...defaults: AbiValue[]): SystemResult =>
  isStatic ? revert(status) : success(int(code(status)), ...defaults);

/**
 * HIP-719's ERC face of a token (`redirectForToken(address,bytes)`): the
 * ERC-20 and ERC-721 reads. A token that does not exist reverts (upstream's
 * revertible token views).
 */
const ERC_FUNCTIONS: ReadonlyMap<number, { readonly words: number; readonly run: TokenFunction }> = new Map([
  [selector("name()"), { words: 0, run: async (token) => success(string(token.row.name)) }],
  [selector("symbol()"), { words: 0, run: async (token) => success(string(token.row.symbol)) }],
  [selector("decimals()"), { words: 0, run: async (token) => (isNft(token) ? revert("INVALID_TOKEN_ID") : success(int(token.row.decimals))) }],
  [selector("totalSupply()"), { words: 0, run: async (token) => success(int(token.row.total_supply)) }],
  [
    selector("balanceOf(address)"),
    {
      words: 1,
      run: async (token, args, { tokens }) => {
        const owner = await tokens.accountId(args.address(0));
        return owner === undefined ? revert("INVALID_ACCOUNT_ID") : success(int(await tokens.balance(owner, token)));
      },
    },
  ],
  [selector("allowance(address,address)"), { words: 2, run: allowanceOf(true, 0) }],
  [
    selector("ownerOf(uint256)"),
    {
      words: 1,
      run: async (token, args, { tokens }) => {
        const nft = await tokens.nft(token, args.uint(0));
        if (!nft || nft.deleted) return revert("INVALID_TOKEN_NFT_SERIAL_NUMBER");
        return success(address(await tokens.addressOf(nft.account_id ?? token.row.treasury_account_id)));
      },
    },
  ],
  [
    selector("tokenURI(uint256)"),
    {
      words: 1,
      run: async (token, args, { tokens }) => {
        // Upstream halts for a fungible token, "for backwards compatibility".
        if (!isNft(token)) return HALT;
        const nft = await tokens.nft(token, args.uint(0));
        return success(string(nft?.metadata ? new TextDecoder().decode(nft.metadata) : "ERC721Metadata: URI query for nonexistent token"));
      },
    },
  ],
  [selector("getApproved(uint256)"), { words: 1, run: approvedOf(true, 0) }],
  [selector("isApprovedForAll(address,address)"), { words: 2, run: approvedForAllOf(true, 0) }],
]);

/**
 * A read-only HTS function on the token its first argument names; `missing`
 * answers for a token that does not exist: `(INVALID_TOKEN_ID, defaults)`
 * without reverting for upstream's non-revertible views (`invalidToken`).
 */
function onToken(words: number, run: TokenFunction, missing: (context: HtsCall) => SystemResult): { readonly words: number; readonly run: HtsFunction } {
  return {
    words,
    run: async (args, context) => {
      const token = await context.tokens.token(args.address(0));
      return token ? run(token, args, context) : missing(context);
    },
  };
}

const invalidToken =
  (...defaults: AbiValue[]) =>
  (context: HtsCall) =>
    failure(context, "INVALID_TOKEN_ID", ...defaults);

/** The ERC form answers the value alone; the HTS form `(SUCCESS, value)`. */
const answer = (erc: boolean, value: AbiValue): SystemResult => (erc ? success(value) : success(int(SUCCESS), value));

/**
 * `allowance` (`GetAllowanceCall`), its owner and spender from argument
 * `first`: an owner that is no account reverts INVALID_ALLOWANCE_OWNER_ID; a
 * token that is no fungible token has none (outside a static frame).
 */
function allowanceOf(erc: boolean, first: number): TokenFunction {
  return async (token, args, { tokens, isStatic }) => {
    if (isNft(token)) return isStatic ? revert("INVALID_TOKEN_ID") : answer(erc, int(0));
    const owner = await tokens.existingAccountId(args.address(first));
    if (owner === undefined) return revert("INVALID_ALLOWANCE_OWNER_ID");
    const spender = await tokens.accountId(args.address(first + 1));
    return answer(erc, int(spender === undefined ? 0n : await tokens.allowance(owner, spender, token)));
  };
}

/**
 * `getApproved` (`GetApprovedCall`): the serial's spender, the zero address
 * when none; an unknown serial reverts, and so does a fungible token
 * (INVALID_TOKEN_ID in a static frame).
 */
function approvedOf(erc: boolean, first: number): TokenFunction {
  return async (token, args, { tokens, isStatic }) => {
    if (!isNft(token) && isStatic) return revert("INVALID_TOKEN_ID");
    const nft = isNft(token) ? await tokens.nft(token, args.uint(first)) : undefined;
    if (!nft || nft.deleted) return revert("INVALID_TOKEN_NFT_SERIAL_NUMBER");
    return answer(erc, address(nft.spender ? await tokens.addressOf(nft.spender) : ZERO_ADDRESS));
  };
}

/** `isApprovedForAll` (`IsApprovedForAllCall`): a fungible token reverts INVALID_TOKEN_ID. */
function approvedForAllOf(erc: boolean, first: number): TokenFunction {
  return async (token, args, { tokens }) => {
    if (!isNft(token)) return revert("INVALID_TOKEN_ID");
    const [owner, operator] = await Promise.all([tokens.accountId(args.address(first)), tokens.accountId(args.address(first + 1))]);
    return answer(erc, bool(owner !== undefined && operator !== undefined && (await tokens.approvedForAll(owner, operator, token))));
  };
}

/**
 * A flag of an account's relation to a token, as upstream's
 * `TokenRelationshipReadableKVState` maps the columns: frozen when
 * `freeze_status` is FROZEN (1), KYC granted unless `kyc_status` is REVOKED (2).
 */
function relationFlag(flag: (relation: TokenRelationRow) => boolean): TokenFunction {
  return async (token, args, context) => {
    const account = await context.tokens.accountId(args.address(1));
    if (account === undefined) return failure(context, "INVALID_ACCOUNT_ID", bool(false));
    const { tokens } = context;
    const relation = await tokens.relation(account, token);
    return success(int(SUCCESS), bool(relation !== undefined && flag(relation)));
  };
}

const HTS_FUNCTIONS: ReadonlyMap<number, { readonly words: number; readonly run: HtsFunction }> = new Map([
  [
    selector("isToken(address)"),
    { words: 1, run: async (args: Arguments, { tokens }: HtsContext) => success(int(SUCCESS), bool((await tokens.token(args.address(0))) !== undefined)) },
  ],
  [selector("getTokenType(address)"), onToken(1, async (token) => success(int(SUCCESS), int(isNft(token) ? 1 : 0)), invalidToken(int(0)))],
  [selector("getTokenDefaultFreezeStatus(address)"), onToken(1, async (token) => success(int(SUCCESS), bool(token.row.freeze_default)), invalidToken(bool(false)))],
  // No KYC key means every account is KYC'd by default (`DefaultKycStatusCall`).
  [selector("getTokenDefaultKycStatus(address)"), onToken(1, async (token) => success(int(SUCCESS), bool(isEmptyKey(token.row.kyc_key))), invalidToken(bool(false)))],
  [selector("isFrozen(address,address)"), onToken(2, relationFlag((relation) => relation.freeze_status === 1), invalidToken(bool(false)))],
  [selector("isKyc(address,address)"), onToken(2, relationFlag((relation) => relation.kyc_status !== 2), invalidToken(bool(false)))],
  // A token that is no fungible token has no allowance (upstream's answer outside a static frame).
  [selector("allowance(address,address,address)"), onToken(3, allowanceOf(false, 1), ({ isStatic }) => (isStatic ? revert("INVALID_TOKEN_ID") : success(int(SUCCESS), int(0))))],
  [selector("getApproved(address,uint256)"), onToken(2, approvedOf(false, 1), () => revert("INVALID_TOKEN_ID"))],
  [selector("isApprovedForAll(address,address,address)"), onToken(3, approvedForAllOf(false, 1), () => revert("INVALID_TOKEN_ID"))],
  [
    selector("getTokenCustomFees(address)"),
    onToken(1, async (token, _args, { tokens }) => success(int(SUCCESS), ...customFees(token.id, await tokens.customFees(token))), invalidToken(...customFees(0n, undefined))),
  ],
  [
    selector("getTokenExpiryInfo(address)"),
    onToken(1, async (token, _args, { tokens }) => success(int(SUCCESS), expiry(token.row, await tokens.entity(token))), invalidToken(expiry(undefined, undefined))),
  ],
  [
    selector("getTokenKey(address,uint256)"),
    onToken(
      2,
      async (token, args, context) => {
        const type = args.uint(1);
        const entity = type === 1n ? await context.tokens.entity(token) : undefined;
        const key = keyOfType(type, token.row, entity);
        if (key === undefined) return failure(context, "KEY_NOT_PROVIDED", keyValue(null));
        return success(int(SUCCESS), keyValue(key));
      },
      invalidToken(keyValue(null)),
    ),
  ],
  [selector("getTokenInfo(address)"), onToken(1, async (token, _args, context) => success(int(SUCCESS), await tokenInfo(token, context)), (context) => failure(context, "INVALID_TOKEN_ID", blankTokenInfo()))],
  [
    selector("getFungibleTokenInfo(address)"),
    onToken(1, async (token, _args, context) => success(int(SUCCESS), tuple(await tokenInfo(token, context), int(token.row.decimals))), (context) => failure(context, "INVALID_TOKEN_ID", tuple(blankTokenInfo(), int(0)))),
  ],
  [
    selector("getNonFungibleTokenInfo(address,int64)"),
    onToken(
      2,
      async (token, args, context) => {
        const serial = BigInt.asIntN(64, args.uint(1));
        const nft = isNft(token) ? await context.tokens.nft(token, serial) : undefined;
        if (!nft || nft.deleted) return failure(context, "INVALID_TOKEN_NFT_SERIAL_NUMBER", blankNftInfo());
        const [info, owner, spender] = await Promise.all([
          tokenInfo(token, context),
          context.tokens.addressOf(nft.account_id ?? token.row.treasury_account_id),
          nft.spender ? context.tokens.addressOf(nft.spender) : ZERO_ADDRESS,
        ]);
        const created = (nft.created_timestamp ?? 0n) / NANOS_PER_SECOND;
        return success(int(SUCCESS), tuple(info, int(serial), address(owner), int(created), bytes(nft.metadata ?? new Uint8Array()), address(spender)));
      },
      (context) => failure(context, "INVALID_TOKEN_ID", blankNftInfo()),
    ),
  ],
]);

const REDIRECT_FOR_TOKEN = selector("redirectForToken(address,bytes)");

/** Whether 0x167 serves this input; a selector it does not serve answers 501 (the caller throws). */
export function isServedHtsCall(data: Uint8Array): boolean {
  const called = selectorOf(data);
  if (called === REDIRECT_FOR_TOKEN) return ERC_FUNCTIONS.has(selectorOf(data.subarray(24)) ?? -1);
  return called !== undefined && HTS_FUNCTIONS.has(called);
}

/** Runs a served HTS call (see `isServedHtsCall`); malformed arguments halt, as upstream's decoding failures do. */
export async function runHtsCall(data: Uint8Array, request: HtsContext, isStatic: boolean): Promise<SystemResult> {
  const context: HtsCall = { ...request, isStatic };
  const called = selectorOf(data)!;
  if (called === REDIRECT_FOR_TOKEN) {
    // The HIP-719 proxy sends the selector, the token's 20 bytes, then the ERC call's own data.
    const inner = data.subarray(24);
    const erc = ERC_FUNCTIONS.get(selectorOf(inner)!)!;
    const args = new Arguments(inner);
    if (!args.has(erc.words)) return HALT;
    const token = await context.tokens.token(data.subarray(4, 24));
    return token ? erc.run(token, args, context) : revert("INVALID_TOKEN_ID");
  }
  const hts = HTS_FUNCTIONS.get(called)!;
  const args = new Arguments(data);
  return args.has(hts.words) ? hts.run(args, context) : HALT;
}

function selectorOf(data: Uint8Array): number | undefined {
  return data.length < 4 ? undefined : new DataView(data.buffer, data.byteOffset, 4).getUint32(0);
}

/** An empty key: none at all, or HIP-540's empty key list. */
function isEmptyKey(key: Uint8Array | null): boolean {
  if (!key || key.length === 0) return true;
  const decoded = proto.Key.decode(key);
  return decoded.keyList !== null && decoded.keyList !== undefined && (decoded.keyList.keys?.length ?? 0) === 0;
}

/** `KeyValue(bool inheritAccountKey, address contractId, bytes ed25519, bytes ECDSA_secp256k1, address delegatableContractId)`. */
function keyValue(key: Uint8Array | null): AbiValue {
  const decoded = key && key.length > 0 ? proto.Key.decode(key) : undefined;
  const contract = (id: proto.IContractID | null | undefined) => address(id?.contractNum ? longZeroAddress(BigInt(id.contractNum.toString())).bytes : ZERO_ADDRESS);
  return tuple(
    bool(false),
    contract(decoded?.contractID),
    bytes(decoded?.ed25519 ?? new Uint8Array()),
    bytes(decoded?.ECDSASecp256k1 ?? new Uint8Array()),
    contract(decoded?.delegatableContractId),
  );
}

/** The key types of `getTokenKey` and of a token info's key list (HIP-514's bit values). */
const KEY_TYPES: ReadonlyArray<readonly [bigint, (row: TokenInfoRow, entity: EntityInfoRow | undefined) => Uint8Array | null]> = [
  [1n, (_row, entity) => entity?.key ?? null],
  [2n, (row) => row.kyc_key],
  [4n, (row) => row.freeze_key],
  [8n, (row) => row.wipe_key],
  [16n, (row) => row.supply_key],
  [32n, (row) => row.fee_schedule_key],
  [64n, (row) => row.pause_key],
];

function keyOfType(type: bigint, row: TokenInfoRow, entity: EntityInfoRow | undefined): Uint8Array | undefined {
  const key = KEY_TYPES.find(([bit]) => bit === type)?.[1](row, entity);
  return key && key.length > 0 ? key : undefined;
}

/** `Expiry(int64 second, address autoRenewAccount, int64 autoRenewPeriod)`. */
function expiry(row: TokenInfoRow | undefined, entity: EntityInfoRow | undefined): AbiValue {
  const period = entity?.auto_renew_period ?? 0n;
  const second = entity?.expiration_timestamp !== null && entity?.expiration_timestamp !== undefined
    ? entity.expiration_timestamp / NANOS_PER_SECOND
    : row ? row.created_timestamp / NANOS_PER_SECOND + period : 0n;
  return tuple(int(second), optionalAddress(entity?.auto_renew_account_id), int(period));
}


/** The three fee arrays (`TokenTupleUtils`): fixed, fractional, royalty. */
function customFees(tokenId: bigint, row: CustomFeeRow | undefined): AbiValue[] {
  const fixed = parseStoredFees(row?.fixed_fees).map((fee) => {
    const denomination = fee.denominating_token_id ?? null;
    return tuple(
      int(fee.amount ?? 0n),
      optionalAddress(denomination),
      bool(denomination === null),
      bool(denomination !== null && denomination === tokenId),
      optionalAddress(fee.collector_account_id),
    );
  });
  const fractional = parseStoredFees(row?.fractional_fees).map((fee) =>
    tuple(
      int(fee.numerator ?? 0n),
      int(fee.denominator ?? 0n),
      int(fee.minimum_amount ?? 0n),
      int(fee.maximum_amount ?? 0n),
      bool(fee.net_of_transfers ?? false),
      optionalAddress(fee.collector_account_id),
    ),
  );
  const royalty = parseStoredFees(row?.royalty_fees).map((fee) => {
    const fallback = fee.fallback_fee ?? null;
    return tuple(
      int(fee.numerator ?? 0n),
      int(fee.denominator ?? 0n),
      int(fallback?.amount ?? 0n),
      optionalAddress(fallback?.denominating_token_id),
      bool(fallback !== null && !fallback.denominating_token_id),
      optionalAddress(fee.collector_account_id),
    );
  });
  return [array(fixed), array(fractional), array(royalty)];
}

/**
 * `TokenInfo((name, symbol, treasury, memo, finite supply, maxSupply,
 * freezeDefault, TokenKey[], Expiry), totalSupply, deleted,
 * defaultKycStatus, paused, fixed[], fractional[], royalty[], ledgerId)`.
 */
async function tokenInfo(token: TokenView, { tokens, ledgerId }: HtsContext): Promise<AbiValue> {
  const [entity, fees, treasury] = await Promise.all([tokens.entity(token), tokens.customFees(token), tokens.addressOf(token.row.treasury_account_id)]);
  return tokenInfoTuple(token.id, token.row, entity, fees, treasury, ledgerId);
}

function tokenInfoTuple(id: bigint, row: TokenInfoRow, entity: EntityInfoRow | undefined, fees: CustomFeeRow | undefined, treasury: Uint8Array, ledgerId: string): AbiValue {
  const keys = KEY_TYPES.map(([type, keyOf]) => tuple(int(type), keyValue(keyOf(row, entity))));
  const hederaToken = tuple(
    string(row.name),
    string(row.symbol),
    address(treasury),
    string(entity?.memo ?? ""),
    bool(row.supply_type === "FINITE"),
    int(row.max_supply),
    bool(row.freeze_default),
    array(keys),
    expiry(row, entity),
  );
  return tuple(hederaToken, int(row.total_supply), bool(entity?.deleted ?? false), bool(isEmptyKey(row.kyc_key)), bool(row.pause_status === "PAUSED"), ...customFees(id, fees), string(ledgerId));
}

const BLANK_ROW: TokenInfoRow = {
  token_id: 0n,
  created_timestamp: 0n,
  decimals: 0n,
  fee_schedule_key: null,
  freeze_default: false,
  freeze_key: null,
  initial_supply: 0n,
  kyc_key: null,
  max_supply: 0n,
  metadata: null,
  metadata_key: null,
  name: "",
  pause_key: null,
  pause_status: "NOT_APPLICABLE",
  supply_key: null,
  supply_type: "INFINITE",
  symbol: "",
  total_supply: 0n,
  treasury_account_id: 0n,
  type: "FUNGIBLE_COMMON",
  wipe_key: null,
};

/** The info of no token, as upstream encodes `Token.DEFAULT`. */
const blankTokenInfo = () => tokenInfoTuple(0n, BLANK_ROW, undefined, undefined, ZERO_ADDRESS, "");
const blankNftInfo = () => tuple(blankTokenInfo(), int(0), address(ZERO_ADDRESS), int(0), bytes(new Uint8Array()), address(ZERO_ADDRESS));
