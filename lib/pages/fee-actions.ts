"use server";

import type { TransactionSummary } from "@/lib/pages/describe-transaction";
import { describeTransactionBytes } from "@/lib/pages/describe-transaction";
import { base64ToBytes } from "@/lib/pages/transaction-input";

/** Base64 of the fee endpoint's largest accepted body (256 KiB), with room for padding. */
const MAX_BASE64 = 350_000;

/** The decoded summary of transaction bytes sent as base64; null when they are not a transaction. */
export async function describeTransaction(base64: unknown): Promise<TransactionSummary | null> {
  if (typeof base64 !== "string" || base64.length > MAX_BASE64 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  return describeTransactionBytes(base64ToBytes(base64));
}
