import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { proto } from "@hiero-ledger/proto";
import {
  AccountCreateTransaction,
  AccountId,
  CustomFixedFee,
  Hbar,
  KeyList,
  PrivateKey,
  Timestamp,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TopicMessageSubmitTransaction,
  TransactionId,
  TransferTransaction,
  type Transaction,
} from "@hiero-ledger/sdk";
import { SHOWCASE } from "@/lib/seed/mirror/showcase";
import { FEE_EXAMPLES } from "./fee-examples";

/**
 * Builds the fee page's sample transactions with the real SDK, exactly as an
 * application would, and writes each as the `Transaction` message a program
 * posts to the fee endpoint (the SDK's `toBytes()` wraps it in a
 * `TransactionList`; its fee query sends the bare message). Deterministic:
 * keys come from fixed seeds, ids and valid-start times are fixed, and
 * ED25519 signatures depend on nothing else. The accounts, token, collection
 * and topic they name are ones every demo ledger has (lib/seed/mirror/showcase.ts),
 * so STATE prices them from what the ledger holds, custom fees included.
 *
 *   npx tsx lib/pages/build-fee-examples.ts
 */
const key = (seed: string) => PrivateKey.fromBytesED25519(createHash("sha256").update(`fee-example:${seed}`).digest());

const payerKey = key("payer");
const aliceKey = key("alice");
const bobKey = key("bob");
const payer = AccountId.fromString("0.0.1001");
const NODE = AccountId.fromString("0.0.3");
const TOKEN = TokenId.fromString(`0.0.${SHOWCASE.token.num}`);
const VALID_START = new Timestamp(1_767_225_600, 0); // 2026-01-01T00:00:00Z

const BUILDERS: Record<string, () => { transaction: Transaction; signers: PrivateKey[] }> = {
  "hbar-transfer": () => ({
    transaction: new TransferTransaction().addHbarTransfer(payer, new Hbar(-5)).addHbarTransfer("0.0.1002", new Hbar(5)).setTransactionMemo("rent"),
    signers: [payerKey],
  }),
  "multisig-transfer": () => ({
    transaction: new TransferTransaction()
      .addHbarTransfer(payer, new Hbar(-2))
      .addHbarTransfer("0.0.1002", new Hbar(-1))
      .addHbarTransfer("0.0.1003", new Hbar(3)),
    signers: [payerKey, aliceKey, bobKey],
  }),
  "token-transfer": () => ({
    transaction: new TransferTransaction()
      .addTokenTransfer(TOKEN, payer, -250)
      .addTokenTransfer(TOKEN, "0.0.1002", 250),
    signers: [payerKey],
  }),
  "account-create": () => ({
    transaction: new AccountCreateTransaction()
      .setKeyWithoutAlias(KeyList.of(payerKey.publicKey, aliceKey.publicKey, bobKey.publicKey))
      .setInitialBalance(new Hbar(10)),
    signers: [payerKey],
  }),
  "topic-message": () => ({
    transaction: new TopicMessageSubmitTransaction()
      .setTopicId(`0.0.${SHOWCASE.topic.num}`)
      .setChunkSize(2048)
      .setMessage("Sensor reading batch: ".padEnd(1800, "0123456789abcdef")),
    signers: [payerKey],
  }),
  "token-create": () => ({
    transaction: new TokenCreateTransaction()
      .setTokenName("Example Dollar")
      .setTokenSymbol("EXD")
      .setDecimals(2)
      .setInitialSupply(1_000_000)
      .setTreasuryAccountId(payer)
      .setAdminKey(payerKey.publicKey)
      .setSupplyKey(aliceKey.publicKey)
      .setFreezeKey(bobKey.publicKey)
      .setCustomFees([new CustomFixedFee().setAmount(10).setFeeCollectorAccountId(payer)])
      // The SDK defaults the expiry to "now + 90 days"; fixed here so the bytes never change.
      .setExpirationTime(new Timestamp(1_775_001_600, 0)),
    signers: [payerKey],
  }),
  "nft-mint": () => ({
    transaction: new TokenMintTransaction()
      .setTokenId(`0.0.${SHOWCASE.collection.num}`)
      .setMetadata([1, 2, 3].map((serial) => new TextEncoder().encode(`ipfs://example/nft/${serial}.json`))),
    signers: [payerKey],
  }),
  "high-volume-account-create": () => ({
    transaction: new AccountCreateTransaction().setKeyWithoutAlias(aliceKey.publicKey).setInitialBalance(new Hbar(1)).setHighVolume(true),
    signers: [payerKey],
  }),
};

/** Every example's bytes, by id, in catalogue order. */
export async function buildFeeExamples(): Promise<Map<string, Uint8Array>> {
  const built = new Map<string, Uint8Array>();
  for (const example of FEE_EXAMPLES) {
    const builder = BUILDERS[example.id];
    if (!builder) throw new Error(`no builder for example ${example.id}`);
    const { transaction, signers } = builder();
    transaction.setTransactionId(TransactionId.withValidStart(payer, VALID_START)).setNodeAccountIds([NODE]).freeze();
    for (const signer of signers) await transaction.sign(signer);
    const list = proto.TransactionList.decode(transaction.toBytes());
    const first = list.transactionList[0];
    if (!first) throw new Error(`example ${example.id} has no transaction`);
    built.set(example.id, proto.Transaction.encode(first).finish());
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const folder = path.resolve("public", "examples");
  mkdirSync(folder, { recursive: true });
  for (const [id, bytes] of await buildFeeExamples()) {
    writeFileSync(path.join(folder, `${id}.bin`), bytes);
    console.log(`public/examples/${id}.bin  ${bytes.length} bytes`);
  }
}
