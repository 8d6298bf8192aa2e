import { formatEntityId } from "./entity-id";
import { NANOS_PER_SECOND } from "./timestamp";

/** transaction.type (the protobuf body id) → upstream's name for it (mirror-schema.md, "Transaction type"). */
const TRANSACTION_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [7, "CONTRACTCALL"],
  [8, "CONTRACTCREATEINSTANCE"],
  [9, "CONTRACTUPDATEINSTANCE"],
  [10, "CRYPTOADDLIVEHASH"],
  [11, "CRYPTOCREATEACCOUNT"],
  [12, "CRYPTODELETE"],
  [13, "CRYPTODELETELIVEHASH"],
  [14, "CRYPTOTRANSFER"],
  [15, "CRYPTOUPDATEACCOUNT"],
  [16, "FILEAPPEND"],
  [17, "FILECREATE"],
  [18, "FILEDELETE"],
  [19, "FILEUPDATE"],
  [20, "SYSTEMDELETE"],
  [21, "SYSTEMUNDELETE"],
  [22, "CONTRACTDELETEINSTANCE"],
  [23, "FREEZE"],
  [24, "CONSENSUSCREATETOPIC"],
  [25, "CONSENSUSUPDATETOPIC"],
  [26, "CONSENSUSDELETETOPIC"],
  [27, "CONSENSUSSUBMITMESSAGE"],
  [28, "UNCHECKEDSUBMIT"],
  [29, "TOKENCREATION"],
  [31, "TOKENFREEZE"],
  [32, "TOKENUNFREEZE"],
  [33, "TOKENGRANTKYC"],
  [34, "TOKENREVOKEKYC"],
  [35, "TOKENDELETION"],
  [36, "TOKENUPDATE"],
  [37, "TOKENMINT"],
  [38, "TOKENBURN"],
  [39, "TOKENWIPE"],
  [40, "TOKENASSOCIATE"],
  [41, "TOKENDISSOCIATE"],
  [42, "SCHEDULECREATE"],
  [43, "SCHEDULEDELETE"],
  [44, "SCHEDULESIGN"],
  [45, "TOKENFEESCHEDULEUPDATE"],
  [46, "TOKENPAUSE"],
  [47, "TOKENUNPAUSE"],
  [48, "CRYPTOAPPROVEALLOWANCE"],
  [49, "CRYPTODELETEALLOWANCE"],
  [50, "ETHEREUMTRANSACTION"],
  [51, "NODESTAKEUPDATE"],
  [52, "UTILPRNG"],
  [53, "TOKENUPDATENFTS"],
  [54, "NODECREATE"],
  [55, "NODEUPDATE"],
  [56, "NODEDELETE"],
  [57, "TOKENREJECT"],
  [58, "TOKENAIRDROP"],
  [59, "TOKENCANCELAIRDROP"],
  [60, "TOKENCLAIMAIRDROP"],
  [74, "ATOMICBATCH"],
  [75, "HOOKSTORE"],
  [76, "HOOKDISPATCH"],
  [77, "LEDGERIDPUBLICATION"],
  [78, "REGISTEREDNODECREATE"],
  [79, "REGISTEREDNODEUPDATE"],
  [80, "REGISTEREDNODEDELETE"],
]);

export const TOKENDELETION = 35;

/** The name upstream shows for a transaction type; `UNKNOWN` for an id it does not know. */
export function transactionTypeName(type: number): string {
  return TRANSACTION_TYPE_NAMES.get(type) ?? "UNKNOWN";
}

const TRANSACTION_TYPE_IDS: ReadonlyMap<string, number> = new Map([...TRANSACTION_TYPE_NAMES].map(([id, name]) => [name, id]));

/** The type id a `transactiontype` parameter names, in any case; undefined for a name upstream does not know. */
export function transactionTypeId(name: string): number | undefined {
  return TRANSACTION_TYPE_IDS.get(name.toUpperCase());
}

/** Upstream's transaction id text: `<payer>-<valid start seconds>-<nanos, 9 digits>`, e.g. `0.0.8-1234567890-000000004`. */
export function formatTransactionId(payerAccountId: bigint, validStartNs: bigint): string {
  const nanos = (validStartNs % NANOS_PER_SECOND).toString().padStart(9, "0");
  return `${formatEntityId(payerAccountId)}-${validStartNs / NANOS_PER_SECOND}-${nanos}`;
}
