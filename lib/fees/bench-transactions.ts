import { proto } from "@hiero-ledger/proto";
import {
  AccountId,
  CustomFixedFee,
  Hbar,
  PrivateKey,
  Timestamp,
  TokenCreateTransaction,
  TopicMessageSubmitTransaction,
  TransactionId,
  TransferTransaction,
  type Transaction,
} from "@hiero-ledger/sdk";

const payer = AccountId.fromString("0.0.1001");

/** The signed `Transaction` the SDK would send to its first node (the first entry of `toBytes()`). */
async function signedTransactionBytes(transaction: Transaction, signers: readonly PrivateKey[]): Promise<Uint8Array> {
  transaction
    .setTransactionId(TransactionId.withValidStart(payer, new Timestamp(1_700_000_000, 0)))
    .setNodeAccountIds([AccountId.fromString("0.0.3")])
    .freeze();
  for (const signer of signers) await transaction.sign(signer);
  const [first] = proto.TransactionList.decode(transaction.toBytes()).transactionList;
  if (!first) throw new Error("SDK produced an empty TransactionList");
  return proto.Transaction.encode(first).finish();
}

/** The entities STATE pricing looks up: a token and a topic, each with custom fees where the bench creates them. */
export type StateEntities = { token: string; topic: string };

/** The benchmarks' workloads priced from the body alone, built with the SDK: a 1-signature hbar CryptoTransfer and a 5-signature TokenCreate. */
export async function benchTransactions(): Promise<{ transfer: Uint8Array; tokenCreate: Uint8Array }> {
  const keys = Array.from({ length: 5 }, (_unused, index) =>
    index % 2 === 0 ? PrivateKey.generateED25519() : PrivateKey.generateECDSA(),
  );
  const [firstKey] = keys;
  if (!firstKey) throw new Error("no keys");
  const transfer = await signedTransactionBytes(
    new TransferTransaction().addHbarTransfer(payer, new Hbar(-1)).addHbarTransfer("0.0.1002", new Hbar(1)),
    [firstKey],
  );
  const tokenCreate = await signedTransactionBytes(
    new TokenCreateTransaction()
      .setTokenName("Bench")
      .setTokenSymbol("BNC")
      .setTreasuryAccountId(payer)
      .setAdminKey(firstKey.publicKey)
      .setSupplyKey(firstKey.publicKey)
      .setCustomFees([new CustomFixedFee().setAmount(1).setFeeCollectorAccountId(payer)]),
    keys,
  );
  return { transfer, tokenCreate };
}

/** The workloads whose STATE pricing looks entities up (fees.md §6.1, §6.2), 1 signature each: a transfer of the token, a message to the topic. */
export async function stateTransactions(state: StateEntities): Promise<{ tokenTransfer: Uint8Array; topicMessage: Uint8Array }> {
  const key = PrivateKey.generateED25519();
  const tokenTransfer = await signedTransactionBytes(
    new TransferTransaction().addTokenTransfer(state.token, payer, -10).addTokenTransfer(state.token, "0.0.1002", 10),
    [key],
  );
  const topicMessage = await signedTransactionBytes(new TopicMessageSubmitTransaction().setTopicId(state.topic).setMessage("bench message"), [key]);
  return { tokenTransfer, topicMessage };
}
