import { proto } from "@hiero-ledger/proto";

/** Results upstream counts as success (`result=success`): SUCCESS, FEE_SCHEDULE_FILE_PART_UPLOADED, SUCCESS_BUT_MISSING_EXPECTED_OPERATION. */
export const SUCCESS_RESULTS: readonly number[] = [22, 104, 220];

/** The `ResponseCodeEnum` name of a transaction result; `UNKNOWN` for a code the enum does not have. */
export function transactionResultName(result: number): string {
  return (proto.ResponseCodeEnum as unknown as Record<number, string | undefined>)[result] ?? "UNKNOWN";
}
