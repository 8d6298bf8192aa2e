import { createHash } from "node:crypto";
import { proto } from "@hiero-ledger/proto";
import { formatEntityId } from "@/lib/mirror/entity-id";
import { bigIntToLong } from "@/lib/mirror/proto-long";
import {
  ADDRESS_BOOK_ADMIN_ACCOUNT_NUM,
  ADDRESS_BOOK_FILE_NUM,
  EXCHANGE_RATE_ADMIN_ACCOUNT_NUM,
  EXCHANGE_RATE_FILE_NUM,
  FEE_SCHEDULE_ADMIN_ACCOUNT_NUM,
  FEE_SCHEDULE_FILE_NUM,
  FIRST_NODE_ACCOUNT_NUM,
  NODE_DETAILS_FILE_NUM,
  TREASURY_ACCOUNT_NUM,
} from "@/lib/mirror/system-entities";
import { NANOS_PER_SECOND, firstDayOfMonth } from "@/lib/mirror/timestamp";
import { NODE_COUNT } from "./accounts";
import type { SeedContext } from "./context";
import { ed25519Key, keyBytes, multiKeyBytes, rsaPublicKeyHex } from "./keys";
import { NODE_OPERATORS } from "./names";
import { FILE_CHUNK, FILE_TRANSACTION, exchangeRateFile, feeScheduleFile, hourlyRates, type Rate } from "./network-files";
import type { Random } from "./random";
import { NANOS_PER_HOUR, systemInstant } from "./timeline";
import { TYPE } from "./transactions";
import { entityRow } from "./entity-row";
import { associatedRegisteredNodes } from "./registered-nodes";

/**
 * The network itself: its nodes and their address book (file 0.0.102), the
 * system files 0.0.111 and 0.0.112 with the transactions that write them, and
 * the NodeStakeUpdate each midnight.
 */
const SYSTEM_FILES = [ADDRESS_BOOK_FILE_NUM, NODE_DETAILS_FILE_NUM, FEE_SCHEDULE_FILE_NUM, EXCHANGE_RATE_FILE_NUM];

/** Something the network does at a fixed time. */
export type SystemEvent = { at: bigint; run: (at: bigint) => void };

export const NODE_IDS: readonly bigint[] = Array.from({ length: NODE_COUNT }, (_, i) => BigInt(i));

/** The exchange rate in force, as the hourly updates set it; fees are priced with it. */
export class RateBoard {
  private current: Rate;

  constructor(readonly rates: readonly Rate[]) {
    this.current = rates[0]!;
  }

  get(): Rate {
    return this.current;
  }

  set(rate: Rate): void {
    this.current = rate;
  }
}

export function rateBoard(ctx: Pick<SeedContext, "timeline">, random: Random): RateBoard {
  return new RateBoard(hourlyRates(random, ctx.timeline.hours.length));
}

/** The node rows and the system files' entity rows, which predate the mirror's history. */
export function writeNodesAndFiles(ctx: SeedContext, random: Random): void {
  const { networkGenesis } = ctx.timeline;
  for (const nodeId of NODE_IDS) {
    ctx.rows.add("node", {
      account_id: FIRST_NODE_ACCOUNT_NUM + nodeId,
      admin_key: keyBytes(ed25519Key(random)),
      associated_registered_nodes: associatedRegisteredNodes(nodeId),
      created_timestamp: networkGenesis,
      decline_reward: nodeId === BigInt(NODE_COUNT - 1),
      deleted: false,
      grpc_proxy_endpoint: nodeId % 2n === 0n ? { domain_name: `node${nodeId}.grpc-web.example.net`, ip_address_v4: "", port: 443 } : null,
      node_id: nodeId,
      timestamp_range: [networkGenesis, null],
    });
  }
  const fileKey = multiKeyBytes([ed25519Key(random), ed25519Key(random)], 2);
  for (const file of SYSTEM_FILES) {
    ctx.rows.add("entity", entityRow({
      id: file,
      key: fileKey,
      timestamp_range: [networkGenesis, null],
      type: "FILE",
    }));
  }
}

/** The network's own transactions over the mirror's history: file updates and the daily stake update. */
export function systemEvents(ctx: SeedContext, random: Random, rates: RateBoard): SystemEvent[] {
  const { mirrorStart, hours, midnights } = ctx.timeline;
  const events: SystemEvent[] = [];
  [mirrorStart, ...hours].forEach((hour, index) => {
    events.push({ at: systemInstant(hour, 1_000_123n), run: (at) => updateExchangeRate(ctx, at, hour, rates, index) });
  });
  const nodes = nodeEntries(random);
  events.push(...fileUpload(ctx, NODE_DETAILS_FILE_NUM, ADDRESS_BOOK_ADMIN_ACCOUNT_NUM, systemInstant(mirrorStart, 3_000_000n), addressBook(nodes), (last) => writeAddressBook(ctx, nodes, last)));
  const feeSchedules = feeScheduleFile(firstDayOfMonth(ctx.timeline.now, 1) / NANOS_PER_SECOND, firstDayOfMonth(ctx.timeline.now, 2) / NANOS_PER_SECOND);
  events.push(...fileUpload(ctx, FEE_SCHEDULE_FILE_NUM, FEE_SCHEDULE_ADMIN_ACCOUNT_NUM, systemInstant(mirrorStart, 9_000_000n), feeSchedules));
  for (const midnight of midnights) {
    events.push({
      at: systemInstant(midnight, 250_000n),
      run: (at) => {
        ctx.recorder.record({ at, type: TYPE.NODESTAKEUPDATE, payer: TREASURY_ACCOUNT_NUM, usd: 0 });
        ctx.staking.update(ctx.rows, at, midnight);
      },
    });
  }
  // The hour may have just begun: what falls after the last block has not happened yet.
  return events.filter((event) => event.at < ctx.timeline.lastBlockEnd);
}

function updateExchangeRate(ctx: SeedContext, at: bigint, hour: bigint, rates: RateBoard, index: number): void {
  const [current, next] = [rates.rates[index]!, rates.rates[index + 1]!];
  const contents = exchangeRateFile(current, next, (hour + NANOS_PER_HOUR) / NANOS_PER_SECOND);
  ctx.recorder.record({ at, type: TYPE.FILEUPDATE, payer: EXCHANGE_RATE_ADMIN_ACCOUNT_NUM, usd: 0, entityId: EXCHANGE_RATE_FILE_NUM });
  ctx.rows.add("file_data", { consensus_timestamp: at, entity_id: EXCHANGE_RATE_FILE_NUM, file_data: contents, transaction_type: FILE_TRANSACTION.update });
  rates.set(current);
}

/**
 * A file too big for one transaction goes up as an update with its first
 * 4 KiB and appends with the rest, 2 s apart, as the network's admins do it.
 */
function fileUpload(ctx: SeedContext, file: bigint, payer: bigint, first: bigint, contents: Buffer, done?: (last: bigint) => void): SystemEvent[] {
  const parts = Math.ceil(contents.length / FILE_CHUNK);
  return Array.from({ length: parts }, (_, part) => ({
    at: first + BigInt(part) * 2n * NANOS_PER_SECOND,
    run: (at: bigint) => {
      const type = part === 0 ? TYPE.FILEUPDATE : TYPE.FILEAPPEND;
      ctx.recorder.record({ at, type, payer, usd: 0, entityId: file });
      ctx.rows.add("file_data", {
        consensus_timestamp: at,
        entity_id: file,
        file_data: contents.subarray(part * FILE_CHUNK, (part + 1) * FILE_CHUNK),
        transaction_type: part === 0 ? FILE_TRANSACTION.update : FILE_TRANSACTION.append,
      });
      if (part === parts - 1) done?.(at);
    },
  }));
}

type NodeEntry = { nodeId: bigint; account: bigint; description: string; ip: string; publicKey: string; certHash: string };

function nodeEntries(random: Random): NodeEntry[] {
  return NODE_IDS.map((nodeId) => {
    const operator = NODE_OPERATORS[Number(nodeId) % NODE_OPERATORS.length]!;
    return {
      nodeId,
      account: FIRST_NODE_ACCOUNT_NUM + nodeId,
      description: operator.description,
      ip: operator.ip,
      publicKey: rsaPublicKeyHex(random),
      certHash: createHash("sha384").update(random.bytes(32)).digest("hex"),
    };
  });
}

/** The `NodeAddressBook` the network stores in 0.0.102. */
function addressBook(entries: readonly NodeEntry[]): Buffer {
  return Buffer.from(
    proto.NodeAddressBook.encode({
      nodeAddress: entries.map((entry) => ({
        RSA_PubKey: entry.publicKey,
        nodeId: bigIntToLong(entry.nodeId),
        nodeAccountId: { shardNum: bigIntToLong(0n), realmNum: bigIntToLong(0n), accountNum: bigIntToLong(entry.account) },
        nodeCertHash: Buffer.from(entry.certHash, "utf8"),
        serviceEndpoint: [50211, 50212].map((port) => ({ ipAddressV4: Buffer.from(entry.ip.split(".").map(Number)), port })),
        description: entry.description,
      })),
    }).finish(),
  );
}

/** The mirror's parsed copy: address_book from 1 ns after the file's last part, its entries and endpoints. */
function writeAddressBook(ctx: SeedContext, entries: readonly NodeEntry[], last: bigint): void {
  const start = last + 1n;
  const contents = Buffer.concat(ctx.rows.of("file_data").filter((row) => row.entity_id === NODE_DETAILS_FILE_NUM).map((row) => Buffer.from(row.file_data!)));
  ctx.rows.add("address_book", { end_consensus_timestamp: null, file_data: contents, file_id: NODE_DETAILS_FILE_NUM, node_count: entries.length, start_consensus_timestamp: start });
  for (const entry of entries) {
    ctx.rows.add("address_book_entry", {
      consensus_timestamp: start,
      description: entry.description,
      memo: formatEntityId(entry.account),
      node_account_id: entry.account,
      node_cert_hash: Buffer.from(entry.certHash, "utf8"),
      node_id: entry.nodeId,
      public_key: entry.publicKey,
      stake: 0n,
    });
    for (const port of [50211, 50212]) {
      ctx.rows.add("address_book_service_endpoint", { consensus_timestamp: start, domain_name: "", ip_address_v4: entry.ip, node_id: entry.nodeId, port });
    }
  }
}
