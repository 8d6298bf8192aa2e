import { proto, Reader } from "@hiero-ledger/proto";
import protobuf from "protobufjs";
import { BODY_REJECTION, invalidBody } from "./invalid-body";

/** The transaction a request prices, with what the node fee counts about it (fees.md §3.2, §4). */
export type DecodedTransaction = {
  readonly body: proto.TransactionBody;
  /** SignaturePair entries in the signature map that goes with the body. */
  readonly signatureCount: number;
  /** Byte length of the priced `Transaction` message (PROCESSING_BYTES). */
  readonly byteLength: number;
  /** Entries of the SDK `TransactionList` the transaction came from; null for a plain `Transaction`. */
  readonly listLength: number | null;
};

/**
 * protobufjs' reader with the two checks fees.md §4 requires that it does not
 * make itself: field number 0 and group wire types (3/4) are malformed. The
 * generated decoders read each tag with `uint32()` and hand unknown fields to
 * `skipType`, so the last `uint32()` before `skipType` is that field's tag.
 */
class StrictReader extends Reader {
  private lastVarint = 0;

  override uint32(): number {
    this.lastVarint = super.uint32();
    return this.lastVarint;
  }

  override skipType(wireType: number): Reader {
    if (this.lastVarint >>> 3 === 0) throw new Error("field number 0");
    if (wireType === 3 || wireType === 4) throw new Error(`group wire type ${wireType}`);
    return super.skipType(wireType);
  }
}

/**
 * The top level of a request body, readable whichever of the two accepted
 * messages it is: `Transaction` (fields 4 and 5) or the SDK `TransactionList`
 * (field 1, repeated `Transaction`). List entries are kept as raw bytes — the
 * same wire format — so only the first is decoded and its exact length is
 * known. `Transaction`'s deprecated field 1 (`body`) lands in the same slot.
 */
const RequestEnvelope = protobuf.Root.fromJSON({
  nested: {
    RequestEnvelope: {
      fields: {
        listEntries: { rule: "repeated", type: "bytes", id: 1 },
        bodyBytes: { type: "bytes", id: 4 },
        signedTransactionBytes: { type: "bytes", id: 5 },
      },
    },
  },
}).lookupType("RequestEnvelope");

type EnvelopeFields = { listEntries?: Uint8Array[]; bodyBytes?: Uint8Array; signedTransactionBytes?: Uint8Array };

/**
 * Decodes a request body into the transaction to price (fees.md §4.1–4.3).
 * Throws `Invalid parameter: body` (400) for anything that is not a
 * decodable transaction.
 */
export function decodeFeeRequestBody(bytes: Uint8Array): DecodedTransaction {
  // Fast path: most bodies are a plain Transaction. A TransactionList can fail this decode (its entries
  // do not parse as the deprecated `body`), so a failure only means "look at the envelope".
  const transaction = attempt(() => proto.Transaction.decode(new StrictReader(bytes)));
  if (transaction !== null && carriesBody(transaction)) return fromTransaction(transaction, bytes.length, null);

  const envelope = parse(() => RequestEnvelope.decode(new StrictReader(bytes)) as EnvelopeFields);
  // A Transaction whose decode failed above.
  if (carriesBody(envelope)) throw invalidBody(BODY_REJECTION.unparsable);

  const entries = envelope.listEntries ?? [];
  const first = entries[0];
  if (first === undefined) throw invalidBody(BODY_REJECTION.noBodyBytes);
  if (!carriesBody(parse(() => RequestEnvelope.decode(new StrictReader(first)) as EnvelopeFields))) {
    throw invalidBody(BODY_REJECTION.noBodyBytes);
  }
  return fromTransaction(
    parse(() => proto.Transaction.decode(new StrictReader(first))),
    first.length,
    entries.length,
  );
}

function fromTransaction(
  transaction: proto.Transaction,
  byteLength: number,
  listLength: number | null,
): DecodedTransaction {
  const signed = transaction.signedTransactionBytes;
  if (signed.length > 0) {
    const signedTransaction = parse(() => proto.SignedTransaction.decode(new StrictReader(signed)));
    return {
      body: decodeBody(signedTransaction.bodyBytes),
      signatureCount: signedTransaction.sigMap?.sigPair?.length ?? 0,
      byteLength,
      listLength,
    };
  }
  return {
    body: decodeBody(transaction.bodyBytes),
    signatureCount: transaction.sigMap?.sigPair?.length ?? 0,
    byteLength,
    listLength,
  };
}

function decodeBody(bytes: Uint8Array): proto.TransactionBody {
  return parse(() => proto.TransactionBody.decode(new StrictReader(bytes)));
}

function carriesBody(envelope: Pick<EnvelopeFields, "bodyBytes" | "signedTransactionBytes">): boolean {
  return (envelope.signedTransactionBytes?.length ?? 0) > 0 || (envelope.bodyBytes?.length ?? 0) > 0;
}

function attempt<T>(decode: () => T): T | null {
  try {
    return decode();
  } catch {
    return null;
  }
}

/** Any decoder failure — malformed wire data, or nesting deep enough to exhaust the stack — is a bad body. */
function parse<T>(decode: () => T): T {
  try {
    return decode();
  } catch {
    throw invalidBody(BODY_REJECTION.unparsable);
  }
}
