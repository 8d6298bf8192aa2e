import { SHOWCASE } from "@/lib/seed/mirror/showcase";

/**
 * The sample transactions the fee page offers under "Try an example": real
 * `Transaction` bytes built and signed with the JS SDK by
 * `lib/pages/build-fee-examples.ts` and shipped as `public/examples/<id>.bin`.
 */
export type FeeExample = {
  id: string;
  title: string;
  description: string;
  /** A throttle worth trying with it (high-volume examples). */
  throttle?: number;
};

export const FEE_EXAMPLES: readonly FeeExample[] = [
  { id: "hbar-transfer", title: "HBAR transfer", description: "2 accounts, signed by the payer" },
  { id: "multisig-transfer", title: "Multi-signature transfer", description: "3 accounts, 3 signatures" },
  { id: "token-transfer", title: "Token transfer", description: `Token 0.0.${SHOWCASE.token.num} (custom fee) between 2 accounts` },
  { id: "account-create", title: "Account create", description: "Key list of 3 keys" },
  { id: "topic-message", title: "Topic message", description: `1,800 bytes to topic 0.0.${SHOWCASE.topic.num} (custom fee)` },
  { id: "token-create", title: "Token create", description: "3 keys and a custom fee" },
  { id: "nft-mint", title: "NFT mint", description: `3 serials of collection 0.0.${SHOWCASE.collection.num}` },
  { id: "high-volume-account-create", title: "High-volume account create", description: "high_volume flag set; try a throttle", throttle: 37 },
];

export function exampleUrl(id: string): string {
  return `/examples/${id}.bin`;
}
