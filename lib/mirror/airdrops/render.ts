import { renderTimestampRange } from "../allowances/render";
import { formatEntityId } from "../entity-id";
import type { AirdropRow } from "./queries";

/** An airdrop; a fungible one's serial number (0) shows as null. */
export function renderAirdrop(row: AirdropRow) {
  return {
    amount: row.amount,
    receiver_id: formatEntityId(row.receiver_account_id),
    sender_id: formatEntityId(row.sender_account_id),
    serial_number: row.serial_number === 0n ? null : row.serial_number,
    timestamp: renderTimestampRange(row),
    token_id: formatEntityId(row.token_id),
  };
}
