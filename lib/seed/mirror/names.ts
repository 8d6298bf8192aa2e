/** The words of the demo ledger: what its tokens, topics, nodes and accounts are called. */

type FungibleName = { name: string; symbol: string; decimals: number };

export const FUNGIBLE_TOKENS: readonly FungibleName[] = [
  { name: "Meridian USD", symbol: "MUSD", decimals: 6 },
  { name: "Solace Governance", symbol: "SLC", decimals: 8 },
  { name: "Harbor Loyalty Points", symbol: "HPT", decimals: 2 },
  { name: "GreenGrid Carbon Credit", symbol: "GGCC", decimals: 3 },
  { name: "Wrapped Ether (bridged)", symbol: "WETH", decimals: 8 },
  { name: "Atlas Rewards", symbol: "ATLS", decimals: 8 },
  { name: "Copperline Stable EUR", symbol: "CEUR", decimals: 6 },
  { name: "Nimbus Compute Credit", symbol: "NCC", decimals: 4 },
  { name: "Fieldstone Farm Share", symbol: "FFS", decimals: 0 },
  { name: "Pixel Arcade Coin", symbol: "PXA", decimals: 6 },
  { name: "Quill Creator Token", symbol: "QUIL", decimals: 8 },
  { name: "Lumen Energy Unit", symbol: "LEU", decimals: 3 },
  { name: "Orchard Gold Gram", symbol: "OGG", decimals: 4 },
  { name: "Beacon DAO", symbol: "BCN", decimals: 8 },
  { name: "Tessera Ticket Credit", symbol: "TTC", decimals: 2 },
  { name: "Saltmarsh Water Right", symbol: "SWR", decimals: 0 },
  { name: "Keystone Bond 2031", symbol: "KB31", decimals: 2 },
  { name: "Halcyon Play", symbol: "HAL", decimals: 8 },
  { name: "Ridgeway Freight Voucher", symbol: "RFV", decimals: 1 },
  { name: "Marigold Stable SGD", symbol: "MSGD", decimals: 6 },
];

export const NFT_COLLECTIONS: ReadonlyArray<{ name: string; symbol: string }> = [
  { name: "Tidepool Genesis", symbol: "TIDE" },
  { name: "Kite Studio Season Pass", symbol: "KITE" },
  { name: "Orbit Concert Tickets", symbol: "ORBT" },
  { name: "Lichen Generative Art", symbol: "LCHN" },
  { name: "Ferrous Racing Cars", symbol: "FRC" },
  { name: "Vellum Land Titles", symbol: "VLT" },
  { name: "Sparrow Membership", symbol: "SPRW" },
  { name: "Glasshouse Wine Certificates", symbol: "GWC" },
];

/** Scale 2 and up need more tokens than there are names: later rounds get a numbered name. */
export function nthName<T extends { name: string; symbol: string }>(names: readonly T[], index: number): T {
  const base = names[index % names.length]!;
  const round = Math.floor(index / names.length);
  return round === 0 ? base : { ...base, name: `${base.name} ${round + 1}`, symbol: `${base.symbol}${round + 1}` };
}

export const TOPIC_MEMOS: readonly string[] = [
  "supply-chain custody events",
  "IoT sensor feed eu-west",
  "HBAR/USD price oracle",
  "DAO proposal votes",
  "carbon registry audit log",
  "game match results",
  "document notarization",
  "payments reconciliation",
  "ticket scans",
  "model training provenance",
];

export const ACCOUNT_MEMOS: readonly string[] = [
  "hot wallet",
  "payroll",
  "market maker",
  "cold storage",
  "grant escrow",
  "merchant settlement",
  "bridge operator",
  "dev test",
];

export const TRANSACTION_MEMOS: readonly string[] = ["invoice 4471", "thanks!", "rent", "refund", "order #20931", "gm", "weekly payout", "swap"];

export const NODE_OPERATORS: ReadonlyArray<{ description: string; ip: string }> = [
  { description: "Aurora Validators | Zurich, CH", ip: "34.94.106.61" },
  { description: "Blue Fjord Networks | Oslo, NO", ip: "35.237.119.55" },
  { description: "Cedar Cloud | Toronto, CA", ip: "35.245.27.193" },
  { description: "Delta Ledger Ops | Singapore, SG", ip: "34.83.112.116" },
  { description: "Ember Systems | Frankfurt, DE", ip: "34.106.102.218" },
  { description: "Foxglove Infra | Dallas, US", ip: "34.125.200.96" },
  { description: "Granite Hosting | Tokyo, JP", ip: "35.186.191.247" },
];
