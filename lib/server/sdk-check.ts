import { pathToFileURL } from "node:url";
import { proto } from "@hiero-ledger/proto";
import {
  AccountId,
  Client,
  FeeEstimateMode,
  FeeEstimateQuery,
  Hbar,
  MirrorNodeAccountBalanceQuery,
  RegisteredNodeAddressBookQuery,
  Timestamp,
  TokenId,
  TransactionId,
  TransferTransaction,
} from "@hiero-ledger/sdk";
import { SHOWCASE } from "@/lib/seed/mirror/showcase";

/** What the JS SDK read from the app on the local-node ports; every figure as the SDK parsed it. */
export type SdkReadings = {
  /** The priced transaction as FeeEstimateQuery sends it (one `Transaction` message), hex. */
  readonly transactionHex: string;
  readonly feeTotal: string;
  readonly feeNode: string;
  readonly balanceTinybars: string;
  readonly evmAddress: string;
  readonly registeredNodeIds: readonly string[];
};

export const SDK_CHECK_ACCOUNT = "0.0.1001";

/**
 * Runs the SDK's own mirror-node queries, unchanged, against a local network:
 * `Client.forLocalNode()` sends REST to 127.0.0.1:5551 and the fee and
 * registered-node queries to 8084, which `npm start -- --sdk-ports` answers.
 */
export async function readWithSdk(): Promise<SdkReadings> {
  const client = Client.forLocalNode();
  try {
    const payer = AccountId.fromString(SDK_CHECK_ACCOUNT);
    const token = TokenId.fromString(`0.0.${SHOWCASE.token.num}`);
    const transfer = new TransferTransaction()
      .addTokenTransfer(token, payer, -10)
      .addTokenTransfer(token, "0.0.1002", 10)
      .addHbarTransfer(payer, new Hbar(-1))
      .addHbarTransfer("0.0.1002", new Hbar(1))
      .setTransactionId(TransactionId.withValidStart(payer, new Timestamp(1_767_225_600, 0)))
      .setNodeAccountIds([AccountId.fromString("0.0.3")])
      .freeze();
    const fee = await new FeeEstimateQuery().setTransaction(transfer).setMode(FeeEstimateMode.STATE).execute(client);
    const balance = await new MirrorNodeAccountBalanceQuery().setAccountId(payer).execute(client);
    const withEvm = await AccountId.fromString(SDK_CHECK_ACCOUNT).populateAccountEvmAddress(client);
    const book = await new RegisteredNodeAddressBookQuery().execute(client);
    const sent = proto.TransactionList.decode(transfer.toBytes()).transactionList[0]!;
    return {
      transactionHex: Buffer.from(proto.Transaction.encode(sent).finish()).toString("hex"),
      feeTotal: fee.total.toString(),
      feeNode: fee.nodeFee.base.toString(),
      balanceTinybars: balance.hbars.toTinybars().toString(),
      evmAddress: withEvm.evmAddress?.toString() ?? "",
      registeredNodeIds: book.registeredNodes.map((node) => node.registeredNodeId.toString()),
    };
  } finally {
    client.close();
  }
}

// `npm run sdk:check`: against a server started with `npm start -- --sdk-ports`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const readings = await readWithSdk();
  console.log(JSON.stringify(readings, null, 2));
}
