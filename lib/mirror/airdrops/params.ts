import type { AccountEndpoint } from "../accounts/path-account";
import { rejectUnknownParameters } from "../network/unknown-parameters";
import type { Order } from "../query";
import { Bound } from "../rest-java/bound";
import { javaEntityIdRanges, javaLimit, javaNumberRanges, javaOrder, limitViolations, sizeViolations, throwViolations } from "../rest-java/params";

/**
 * Which side of an airdrop the path account is: the sender for outstanding
 * airdrops (filtered by receiver), the receiver for pending ones (filtered by
 * sender).
 */
export type AirdropSide = { pathColumn: string; otherColumn: string; otherParameter: string; otherField: "receiver_account_id" | "sender_account_id" };

export const OUTSTANDING: AirdropSide = {
  pathColumn: "sender_account_id",
  otherColumn: "receiver_account_id",
  otherParameter: "receiver.id",
  otherField: "receiver_account_id",
};
export const PENDING: AirdropSide = {
  pathColumn: "receiver_account_id",
  otherColumn: "sender_account_id",
  otherParameter: "sender.id",
  otherField: "sender_account_id",
};

/** The parameters rest-java's link factory treats as keyset keys for airdrops, whichever side. */
export const PAGED_KEYS = ["receiver.id", "sender.id", "serialnumber", "token.id"];

/** `bounds`: the keyset's ranges in upstream's order (see keysetBounds). */
export type AirdropParams = { limit: number; order: Order; bounds: Bound[] };

/** /accounts/{id}/airdrops/outstanding and …/pending (rest-java), by (other account, token, serial number). */
export function airdropsEndpoint(side: AirdropSide): AccountEndpoint<AirdropParams> {
  const accepted = new Set(["limit", "order", side.otherParameter, "serialnumber", "token.id"]);
  return {
    path: "java",
    parse: (query, { system }) => {
      const limit = javaLimit(query);
      const order = javaOrder(query);
      const otherIds = javaEntityIdRanges(query, side.otherParameter, system);
      const serialNumbers = javaNumberRanges(query, "serialnumber");
      const tokenIds = javaEntityIdRanges(query, "token.id", system);
      throwViolations([
        ...limitViolations(limit),
        ...sizeViolations(query, side.otherParameter),
        ...sizeViolations(query, "serialnumber"),
        ...sizeViolations(query, "token.id"),
      ]);
      rejectUnknownParameters(query, accepted);
      // Upstream names the primary bound `account.id` in its range error, whichever parameter set it.
      const others = new Bound(otherIds, "account.id", side.otherColumn, true);
      const serials = new Bound(serialNumbers, "serialnumber", "serial_number");
      const tokens = new Bound(tokenIds, "token.id", "token_id");
      return { limit, order, bounds: keysetBounds(others, tokens, serials) };
    },
  };
}

/**
 * The bounds in upstream's order (`TokenAirdropRequest.getBounds`): the other
 * account's range leads, else the token's; then the token's, else the
 * serial's; then the serial's. A bound may appear twice, as upstream's does.
 */
function keysetBounds(others: Bound, tokens: Bound, serials: Bound): Bound[] {
  const primary = others.isEmpty() ? tokens : others;
  if (primary.isEmpty()) return [serials];
  const secondary = tokens.isEmpty() ? serials : tokens;
  return secondary.isEmpty() ? [primary] : [primary, secondary, serials];
}
