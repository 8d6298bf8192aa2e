import type { com, proto } from "@hiero-ledger/proto";
import { formatEntityIdParts } from "@/lib/mirror/entity-id";
import { longToBigInt } from "@/lib/mirror/proto-long";
import { LAST_SYSTEM_FILE_NUM } from "@/lib/mirror/system-entities";
import { BODY_REJECTION, invalidBody } from "./invalid-body";
import { countKeys, countKeysIn } from "./keys";
import { topicEntityId } from "./proto-entity-id";
import type { StateQuery } from "./state";
import { transferStateQuery, transferUsage } from "./transfers";
import { extra, extrasOnly, type ServiceUsage, type UsageContext } from "./usage";

/**
 * Per transaction type: which schedule entry prices it and what it counts
 * (fees.md §5, §6). The single place that knows transaction bodies; keyed by
 * the `TransactionBody.data` oneof member. Types absent here (queries, system
 * and TSS transactions, freeze, live hashes, …) are not priceable.
 */
type Rule<Data> = {
  /** `HederaFunctionality` name of the schedule entry whose base fee and extras apply. */
  readonly schedule: string;
  /** Entry whose `highVolumeRates` apply, when not `schedule`'s (TokenAirdrop is priced as a CryptoTransfer). */
  readonly highVolumeSchedule?: string;
  /** STATE only: the entities to look up; validates what those lookups need. */
  readonly stateQuery?: (data: Data, body: proto.ITransactionBody) => StateQuery;
  readonly usage: (data: Data, body: proto.ITransactionBody, context: UsageContext) => ServiceUsage;
};

type DataField = NonNullable<proto.TransactionBody["data"]>;
type RuleTable = { readonly [Field in DataField]?: Rule<NonNullable<proto.TransactionBody[Field]>> };


const NO_EXTRAS: ServiceUsage = extrasOnly();
const CLEARED: ServiceUsage = { extras: [], cleared: true, notes: [] };
const baseOnly = (schedule: string): Rule<unknown> => ({ schedule, usage: () => NO_EXTRAS });


/** The keys a TokenCreate or TokenUpdate sets, each counted as countKeys does. */
function tokenKeyCount(data: proto.ITokenCreateTransactionBody | proto.ITokenUpdateTransactionBody): number {
  return (
    countKeys(data.adminKey) +
    countKeys(data.kycKey) +
    countKeys(data.freezeKey) +
    countKeys(data.wipeKey) +
    countKeys(data.supplyKey) +
    countKeys(data.feeScheduleKey) +
    countKeys(data.pauseKey) +
    countKeys(data.metadataKey)
  );
}

const RULES: RuleTable = {
  contractCall: baseOnly("ContractCall"),
  contractCreateInstance: {
    schedule: "ContractCreate",
    usage: (data) =>
      extrasOnly(extra("KEYS", countKeys(data.adminKey)), extra("HOOK_UPDATES", data.hookCreationDetails?.length ?? 0)),
  },
  contractUpdateInstance: {
    schedule: "ContractUpdate",
    usage: (data) =>
      extrasOnly(
        extra("KEYS", countKeys(data.adminKey)),
        extra("HOOK_UPDATES", data.hookCreationDetails?.length ?? 0),
        extra("HOOK_UPDATES", data.hookIdsToDelete?.length ?? 0),
      ),
  },
  cryptoCreateAccount: {
    schedule: "CryptoCreate",
    usage: (data) =>
      extrasOnly(extra("KEYS", countKeys(data.key)), extra("HOOK_UPDATES", data.hookCreationDetails?.length ?? 0)),
  },
  cryptoDelete: baseOnly("CryptoDelete"),
  cryptoTransfer: {
    schedule: "CryptoTransfer",
    stateQuery: (data) => transferStateQuery(cryptoTransfers(data)),
    usage: (data, _body, context) => transferUsage(cryptoTransfers(data), context),
  },
  cryptoUpdateAccount: {
    schedule: "CryptoUpdate",
    usage: (data) =>
      extrasOnly(
        extra("KEYS", countKeys(data.key)),
        extra("HOOK_UPDATES", (data.hookCreationDetails?.length ?? 0) + (data.hookIdsToDelete?.length ?? 0)),
      ),
  },
  fileAppend: {
    schedule: "FileAppend",
    usage: (data) => extrasOnly(extra("STATE_BYTES", data.contents?.length ?? 0)),
  },
  fileCreate: {
    schedule: "FileCreate",
    usage: (data) =>
      extrasOnly(extra("KEYS", countKeysIn(data.keys?.keys)), extra("STATE_BYTES", data.contents?.length ?? 0)),
  },
  fileDelete: baseOnly("FileDelete"),
  fileUpdate: {
    schedule: "FileUpdate",
    stateQuery: (data, body) => {
      requirePrivilegeInputs(data, body);
      return { tokens: [], topics: [] };
    },
    usage: (data, body, context) => {
      if (context.mode === "STATE") {
        const fileNum = longToBigInt(requirePrivilegeInputs(data, body).fileNum);
        if (fileNum >= 1n && fileNum <= LAST_SYSTEM_FILE_NUM) return CLEARED;
      }
      return extrasOnly(extra("KEYS", countKeysIn(data.keys?.keys)), extra("STATE_BYTES", data.contents?.length ?? 0));
    },
  },
  systemDelete: { schedule: "SystemDelete", usage: () => CLEARED },
  systemUndelete: { schedule: "SystemUndelete", usage: () => CLEARED },
  contractDeleteInstance: baseOnly("ContractDelete"),
  consensusCreateTopic: {
    schedule: "ConsensusCreateTopic",
    usage: (data) =>
      extrasOnly(
        extra("KEYS", countKeys(data.adminKey) + countKeys(data.feeScheduleKey) + countKeys(data.submitKey)),
        extra("CONSENSUS_CREATE_TOPIC_WITH_CUSTOM_FEE", (data.customFees?.length ?? 0) > 0 ? 1 : 0),
      ),
  },
  consensusUpdateTopic: {
    schedule: "ConsensusUpdateTopic",
    usage: (data) =>
      extrasOnly(
        extra(
          "KEYS",
          countKeys(data.adminKey) +
            countKeys(data.feeScheduleKey) +
            countKeys(data.submitKey) +
            countKeysIn(data.feeExemptKeyList?.keys),
        ),
      ),
  },
  consensusDeleteTopic: baseOnly("ConsensusDeleteTopic"),
  consensusSubmitMessage: {
    schedule: "ConsensusSubmitMessage",
    stateQuery: (data) => ({ tokens: [], topics: [topicEntityId(requireTopic(data))] }),
    usage: (data, _body, context) => {
      const length = data.message?.length ?? 0;
      if (context.mode === "INTRINSIC") {
        return extrasOnly(extra("CONSENSUS_SUBMIT_MESSAGE_WITHOUT_CUSTOM_FEE_BYTES", length));
      }
      const id = formatEntityIdParts(topicEntityId(requireTopic(data)));
      const topic = context.state.topics.get(id) ?? null;
      if (topic !== null && !topic.hasCustomFees) {
        return extrasOnly(extra("CONSENSUS_SUBMIT_MESSAGE_WITHOUT_CUSTOM_FEE_BYTES", length));
      }
      return {
        extras: [
          extra("CONSENSUS_SUBMIT_MESSAGE_WITH_CUSTOM_FEE", 1),
          extra("CONSENSUS_SUBMIT_MESSAGE_WITH_CUSTOM_FEE_BYTES", length),
        ],
        cleared: false,
        notes: topic === null ? [`Topic ${id} not found; priced as worst case (custom fee)`] : [],
      };
    },
  },
  tokenCreation: {
    schedule: "TokenCreate",
    usage: (data) =>
      extrasOnly(
        extra("KEYS", tokenKeyCount(data)),
        extra("TOKEN_CREATE_WITH_CUSTOM_FEE", (data.customFees?.length ?? 0) > 0 ? 1 : 0),
      ),
  },
  tokenFreeze: baseOnly("TokenFreezeAccount"),
  tokenUnfreeze: baseOnly("TokenUnfreezeAccount"),
  tokenGrantKyc: baseOnly("TokenGrantKycToAccount"),
  tokenRevokeKyc: baseOnly("TokenRevokeKycFromAccount"),
  tokenDeletion: baseOnly("TokenDelete"),
  tokenUpdate: {
    schedule: "TokenUpdate",
    usage: (data) =>
      extrasOnly(
        extra("KEYS", tokenKeyCount(data)),
      ),
  },
  tokenMint: {
    schedule: "TokenMint",
    // Branch-point rule (fees.md §13): amount 0 alone makes it an NFT mint, metadata or not.
    usage: (data) =>
      longToBigInt(data.amount) === 0n
        ? extrasOnly(extra("TOKEN_MINT_NFT_BASE", 1), extra("TOKEN_MINT_NFT", data.metadata?.length ?? 0))
        : extrasOnly(),
  },
  tokenBurn: baseOnly("TokenBurn"),
  tokenWipe: baseOnly("TokenAccountWipe"),
  tokenAssociate: {
    schedule: "TokenAssociateToAccount",
    usage: (data) => extrasOnly(extra("TOKEN_ASSOCIATE", data.tokens?.length ?? 0)),
  },
  tokenDissociate: baseOnly("TokenDissociateFromAccount"),
  scheduleCreate: {
    schedule: "ScheduleCreate",
    usage: (data) => {
      if (!data.scheduledTransactionBody) throw invalidBody("ScheduleCreate without scheduledTransactionBody");
      const scheduled = data.scheduledTransactionBody as proto.SchedulableTransactionBody;
      return extrasOnly(
        extra("KEYS", countKeys(data.adminKey)),
        extra("SCHEDULE_CREATE_CONTRACT_CALL_BASE", scheduled.data === "contractCall" ? 1 : 0),
      );
    },
  },
  scheduleDelete: baseOnly("ScheduleDelete"),
  scheduleSign: baseOnly("ScheduleSign"),
  tokenFeeScheduleUpdate: baseOnly("TokenFeeScheduleUpdate"),
  tokenPause: baseOnly("TokenPause"),
  tokenUnpause: baseOnly("TokenUnpause"),
  cryptoApproveAllowance: {
    schedule: "CryptoApproveAllowance",
    usage: (data) =>
      extrasOnly(
        extra(
          "ALLOWANCES",
          (data.cryptoAllowances?.length ?? 0) +
            (data.nftAllowances?.length ?? 0) +
            (data.tokenAllowances?.length ?? 0),
        ),
      ),
  },
  cryptoDeleteAllowance: {
    schedule: "CryptoDeleteAllowance",
    usage: (data) => extrasOnly(extra("ALLOWANCES", data.nftAllowances?.length ?? 0)),
  },
  ethereumTransaction: baseOnly("EthereumTransaction"),
  utilPrng: baseOnly("UtilPrng"),
  tokenUpdateNfts: {
    schedule: "TokenUpdateNfts",
    usage: (data) => extrasOnly(extra("NFT_UPDATE", data.serialNumbers?.length ?? 0)),
  },
  nodeCreate: baseOnly("NodeCreate"),
  nodeUpdate: baseOnly("NodeUpdate"),
  nodeDelete: baseOnly("NodeDelete"),
  tokenReject: baseOnly("TokenReject"),
  tokenAirdrop: {
    schedule: "CryptoTransfer",
    highVolumeSchedule: "TokenAirdrop",
    stateQuery: (data) => transferStateQuery(airdropTransfers(data)),
    usage: (data, _body, context) => transferUsage(airdropTransfers(data), context),
  },
  tokenCancelAirdrop: baseOnly("TokenCancelAirdrop"),
  tokenClaimAirdrop: baseOnly("TokenClaimAirdrop"),
  atomicBatch: baseOnly("AtomicBatch"),
  hookStore: {
    schedule: "HookStore",
    usage: (data) => {
      let slots = 0;
      for (const update of data.storageUpdates ?? []) {
        // Decoded messages are class instances; the oneof getter names the member set last on the wire.
        const kind = (update as com.hedera.hapi.node.hooks.EvmHookStorageUpdate).update;
        if (kind === "storageSlot") slots += 1;
        else if (kind === "mappingEntries") slots += update.mappingEntries?.entries?.length ?? 0;
      }
      return extrasOnly(extra("HOOK_SLOT_UPDATE", slots));
    },
  },
  registeredNodeCreate: baseOnly("RegisteredNodeCreate"),
  registeredNodeUpdate: baseOnly("RegisteredNodeUpdate"),
  registeredNodeDelete: baseOnly("RegisteredNodeDelete"),
};

/** A transaction body matched to its rule. */
export interface TransactionPricing {
  /** Schedule entry whose base fee and extras apply. */
  readonly schedule: string;
  /** Schedule entry whose `highVolumeRates` apply. */
  readonly highVolumeSchedule: string;
  /** STATE only: the entities to look up; throws 400 `body` when the body lacks what they need. */
  stateQuery(): StateQuery;
  usage(context: UsageContext): ServiceUsage;
}

const NO_QUERY: StateQuery = { tokens: [], topics: [] };

/** A rule applied to the body's own data member; a class so binding allocates no closures per request. */
class BoundRule<Data> implements TransactionPricing {
  readonly schedule: string;
  readonly highVolumeSchedule: string;

  constructor(
    private readonly rule: Rule<Data>,
    private readonly data: Data,
    private readonly body: proto.ITransactionBody,
  ) {
    this.schedule = rule.schedule;
    this.highVolumeSchedule = rule.highVolumeSchedule ?? rule.schedule;
  }

  stateQuery(): StateQuery {
    return this.rule.stateQuery?.(this.data, this.body) ?? NO_QUERY;
  }

  usage(context: UsageContext): ServiceUsage {
    return this.rule.usage(this.data, this.body, context);
  }
}

/** The pricing rule for a decoded body; 400 `body` when it has no priceable type (fees.md §4.4). */
export function pricingFor(body: proto.TransactionBody): TransactionPricing {
  const field = body.data;
  if (field === undefined || !Object.hasOwn(RULES, field)) throw invalidBody(BODY_REJECTION.unknownType);
  return bind(field, body);
}

function bind<Field extends DataField>(field: Field, body: proto.TransactionBody): TransactionPricing {
  const rule = RULES[field];
  const data = body[field];
  if (rule === undefined || data === null || data === undefined) throw invalidBody(BODY_REJECTION.unknownType);
  return new BoundRule(rule, data as NonNullable<proto.TransactionBody[Field]>, body);
}

function cryptoTransfers(data: proto.ICryptoTransferTransactionBody) {
  return { hbar: data.transfers?.accountAmounts ?? [], tokens: data.tokenTransfers ?? [] };
}

function airdropTransfers(data: proto.ITokenAirdropTransactionBody) {
  return { hbar: [], tokens: data.tokenTransfers ?? [] };
}

function requireTopic(data: proto.IConsensusSubmitMessageTransactionBody): proto.ITopicID {
  if (!data.topicID) throw invalidBody("ConsensusSubmitMessage without topicID");
  return data.topicID;
}

function requirePrivilegeInputs(data: proto.IFileUpdateTransactionBody, body: proto.ITransactionBody): proto.IFileID {
  if (!body.transactionID?.accountID) throw invalidBody("FileUpdate without payer account id");
  if (!data.fileID) throw invalidBody("FileUpdate without fileID");
  return data.fileID;
}
