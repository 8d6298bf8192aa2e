import { proto } from "@hiero-ledger/proto";
import { longToBigInt } from "../proto-long";

/** The transaction types whose gas price /network/fees publishes, by their names on the wire. */
const GAS_PRICED_TYPES = new Map<number, string>([
  [proto.HederaFunctionality.ContractCall, "ContractCall"],
  [proto.HederaFunctionality.ContractCreate, "ContractCreate"],
  [proto.HederaFunctionality.EthereumTransaction, "EthereumTransaction"],
]);

/** A schedule's gas price per type, in thousandths of a tinycent as the schedule states it. */
export type GasSchedule = { expirySeconds: bigint; gasPrices: Array<{ transactionType: string; gas: bigint }> };
export type FeeSchedules = { current: GasSchedule; next: GasSchedule };

/** Throws when the bytes are not a `CurrentAndNextFeeSchedule`. */
export function decodeFeeSchedules(bytes: Uint8Array): FeeSchedules {
  const schedules = proto.CurrentAndNextFeeSchedule.decode(bytes);
  return { current: gasSchedule(schedules.currentFeeSchedule), next: gasSchedule(schedules.nextFeeSchedule) };
}

function gasSchedule(schedule: proto.IFeeSchedule | null | undefined): GasSchedule {
  const gasPrices: GasSchedule["gasPrices"] = [];
  for (const entry of schedule?.transactionFeeSchedule ?? []) {
    const transactionType = GAS_PRICED_TYPES.get(entry.hederaFunctionality ?? -1);
    const serviceData = entry.fees?.[0]?.servicedata;
    if (transactionType && serviceData) gasPrices.push({ transactionType, gas: longToBigInt(serviceData.gas) });
  }
  return { expirySeconds: longToBigInt(schedule?.expiryTime?.seconds), gasPrices };
}
