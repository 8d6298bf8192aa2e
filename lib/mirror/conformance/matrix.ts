/**
 * Upstream's spec matrices (mirror-specs.md §5): a spec naming a `matrix` runs
 * once per variant. Each variant merges its settings into the spec's
 * `setup.config`, may take its own expectations from `responseJsonMatrix`,
 * and may reshape the loaded data. The first variant of each matrix is the
 * run every spec gets (upstream's defaults), named `base` like a spec without
 * a matrix.
 */
export type MatrixVariant = {
  /** `base`, or what the variant changes. */
  name: string;
  /** Merged into the spec's `setup.config`. */
  config: Record<string, unknown>;
  /** The `responseJsonMatrix` key whose expectation, when a case has one, is merged over the plain one. */
  responseKey?: string;
  /** A statement run after the setup is loaded (upstream's `postSetup`). */
  postSetup?: string;
};

export const BASE_VARIANT = "base";

const WITHOUT_MATRIX: readonly MatrixVariant[] = [{ name: BASE_VARIANT, config: {} }];

const MATRICES: Readonly<Record<string, readonly MatrixVariant[]>> = {
  // rest/__tests__/integration/bindTimestampRangeMatrix.js
  "bindTimestampRangeMatrix.js": [false, true].map((value) => ({
    name: value ? "bindTimestampRange=true" : BASE_VARIANT,
    config: { query: { bindTimestampRange: value } },
    responseKey: `bindTimestampRange=${value}`,
  })),
  // rest/__tests__/integration/topicMessageLookupMatrix.js: the loader also fills topic_message_lookup when true.
  "topicMessageLookupMatrix.js": [false, true].map((value) => ({
    name: value ? "topicMessageLookup=true" : BASE_VARIANT,
    config: { query: { topicMessageLookup: value } },
  })),
  // rest/__tests__/integration/transactionHashV1Matrix.js: an older mirror database's transaction_hash rows have no payer.
  "transactionHashV1Matrix.js": [
    { name: BASE_VARIANT, config: {} },
    { name: "transaction_hash.payer_account_id=null", config: {}, postSetup: "UPDATE transaction_hash SET payer_account_id = NULL" },
  ],
};

/** The variants a spec runs as; an unknown matrix is an error, so a new one upstream cannot go unrun. */
export function matrixVariants(matrix: unknown): readonly MatrixVariant[] {
  if (matrix === undefined) return WITHOUT_MATRIX;
  const variants = typeof matrix === "string" ? MATRICES[matrix] : undefined;
  if (!variants) throw new Error(`unknown spec matrix ${JSON.stringify(matrix)}`);
  return variants;
}
