import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { encodeBase32 } from "../base32";
import { DEFAULT_MIRROR_CONFIG } from "../config";
import type { MirrorContext } from "../context";
import { javaBadRequest as badRequest, javaError, javaViolations as violations, mirrorRequests } from "../testing/mirror-requests";

const SENDER = 1000n;
const OTHER_SENDER = 1001n;
const RECEIVER = 2000n;
const RECEIVER_2 = 3000n;
const ALIAS = Uint8Array.from(Buffer.from("1220f7c6e2a6b4d35e1bb1e0d4a6c9f0a0e3e1d2c3b4a5968778695a4b3c2d1e0f10", "hex"));
const EVM_ADDRESS = "71c7656ec7ab88b098defb751b7401b5f6d8976f";

type Airdrop = { sender: bigint; receiver: bigint; token: bigint; serial?: bigint; amount?: bigint; state?: string; from: bigint; to?: bigint };

const AIRDROPS: Airdrop[] = [
  { sender: SENDER, receiver: RECEIVER, token: 100n, amount: 10n, from: 1n },
  { sender: SENDER, receiver: RECEIVER, token: 300n, amount: 30n, from: 2n, to: 5n },
  { sender: SENDER, receiver: RECEIVER, token: 301n, amount: 31n, from: 3n },
  { sender: SENDER, receiver: RECEIVER, token: 400n, serial: 1n, from: 4n },
  { sender: SENDER, receiver: RECEIVER, token: 400n, serial: 2n, from: 5n },
  { sender: SENDER, receiver: RECEIVER_2, token: 100n, amount: 7n, from: 6n },
  { sender: SENDER, receiver: RECEIVER_2, token: 500n, amount: 1n, state: "CLAIMED", from: 7n },
  { sender: SENDER, receiver: RECEIVER_2, token: 501n, serial: 3n, state: "CANCELLED", from: 8n },
  { sender: OTHER_SENDER, receiver: RECEIVER, token: 100n, amount: 99n, from: 9n },
];

const SECONDS = 1_700_000_000n;
const timestamp = (offset: bigint) => `${SECONDS}.${offset.toString().padStart(9, "0")}`;

/** The airdrop as the endpoints render it. */
function rendered(airdrop: Airdrop) {
  return {
    amount: airdrop.amount === undefined ? null : Number(airdrop.amount),
    receiver_id: `0.0.${airdrop.receiver}`,
    sender_id: `0.0.${airdrop.sender}`,
    serial_number: airdrop.serial === undefined ? null : Number(airdrop.serial),
    timestamp: { from: timestamp(airdrop.from), to: airdrop.to === undefined ? null : timestamp(airdrop.to) },
    token_id: `0.0.${airdrop.token}`,
  };
}

const find = (sender: bigint, receiver: bigint, token: bigint, serial?: bigint) =>
  rendered(AIRDROPS.find((a) => a.sender === sender && a.receiver === receiver && a.token === token && a.serial === serial)!);

/** SENDER's pending airdrops to RECEIVER, by token and serial number: both sides list them. */
const fromSenderToReceiver = () => [find(SENDER, RECEIVER, 100n), find(SENDER, RECEIVER, 300n), find(SENDER, RECEIVER, 301n), find(SENDER, RECEIVER, 400n, 1n), find(SENDER, RECEIVER, 400n, 2n)];

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => SECONDS * 1_000_000_000n };

  const requests = mirrorRequests(mirror);
  const get = requests.get;
  const follow = (url: string) => requests.follow(url, "airdrops");

  beforeAll(async () => {
    const sql = getDb().sql;
    for (const airdrop of AIRDROPS) {
      await sql.query(
        `INSERT INTO token_airdrop (amount, receiver_account_id, sender_account_id, serial_number, state, timestamp_range, token_id)
         VALUES ($1, $2, $3, $4, $5::airdrop_state, int8range($6, $7), $8)`,
        [
          airdrop.amount ?? null,
          airdrop.receiver,
          airdrop.sender,
          airdrop.serial ?? 0n,
          airdrop.state ?? "PENDING",
          SECONDS * 1_000_000_000n + airdrop.from,
          airdrop.to === undefined ? null : SECONDS * 1_000_000_000n + airdrop.to,
          airdrop.token,
        ],
      );
    }
    await sql.query(
      `INSERT INTO entity (id, num, realm, shard, alias, evm_address, deleted, type, timestamp_range)
       VALUES ($1, $1, 0, 0, $2, $3, false, 'ACCOUNT', '[1,)')`,
      [SENDER, ALIAS, Buffer.from(EVM_ADDRESS, "hex")],
    );
  });

  describe("GET /api/v1/accounts/{id}/airdrops/outstanding", () => {
    it("lists the sender's pending airdrops by receiver, token and serial number", async () => {
      const { status, body, link, cacheControl } = await get(`/api/v1/accounts/${SENDER}/airdrops/outstanding`);
      expect(status).toBe(200);
      expect(cacheControl).toBe("public, max-age=1");
      expect(link).toBeNull();
      expect(body).toEqual({
        airdrops: [
          ...fromSenderToReceiver(),
          find(SENDER, RECEIVER_2, 100n),
        ],
        links: { next: null },
      });
    });

    it.each(["0.0.1000", "0.1000", "1000", EVM_ADDRESS, `0x${EVM_ADDRESS}`, `0.0.${EVM_ADDRESS}`, encodeBase32(ALIAS), `0.0.${encodeBase32(ALIAS)}`])(
      "names the account %s by id, EVM address or alias",
      async (id) => {
        const { status, body } = await get(`/api/v1/accounts/${id}/airdrops/outstanding?limit=1`);
        expect(status).toBe(200);
        expect(body.airdrops).toEqual([find(SENDER, RECEIVER, 100n)]);
      },
    );

    it("pages ascending with links that continue after the last airdrop, serial number only after an NFT", async () => {
      const path = `/api/v1/accounts/${SENDER}/airdrops/outstanding`;
      const { pages, links } = await follow(`${path}?limit=2`);
      expect(pages).toEqual([
        [find(SENDER, RECEIVER, 100n), find(SENDER, RECEIVER, 300n)],
        [find(SENDER, RECEIVER, 301n), find(SENDER, RECEIVER, 400n, 1n)],
        [find(SENDER, RECEIVER, 400n, 2n), find(SENDER, RECEIVER_2, 100n)],
        [],
      ]);
      expect(links).toEqual([
        `${path}?limit=2&receiver.id=gte:0.0.2000&token.id=gt:0.0.300`,
        `${path}?limit=2&receiver.id=gte:0.0.2000&token.id=gte:0.0.400&serialnumber=gt:1`,
        `${path}?limit=2&receiver.id=gte:0.0.3000&token.id=gt:0.0.100`,
      ]);
    });

    it("pages descending, keeping the caller's bounds grouped with the new ones", async () => {
      const path = `/api/v1/accounts/${SENDER}/airdrops/outstanding`;
      const { pages, links } = await follow(`${path}?limit=1&receiver.id=gte:2000&order=desc`);
      expect(pages).toEqual([
        [find(SENDER, RECEIVER_2, 100n)],
        [find(SENDER, RECEIVER, 400n, 2n)],
        [find(SENDER, RECEIVER, 400n, 1n)],
        [find(SENDER, RECEIVER, 301n)],
        [find(SENDER, RECEIVER, 300n)],
        [find(SENDER, RECEIVER, 100n)],
        [],
      ]);
      expect(links).toEqual([
        `${path}?limit=1&receiver.id=gte:2000&receiver.id=lte:0.0.3000&order=desc&token.id=lt:0.0.100`,
        `${path}?limit=1&receiver.id=gte:2000&receiver.id=lte:0.0.2000&order=desc&token.id=lte:0.0.400&serialnumber=lt:2`,
        `${path}?limit=1&receiver.id=gte:2000&receiver.id=lte:0.0.2000&order=desc&token.id=lte:0.0.400&serialnumber=lt:1`,
        `${path}?limit=1&receiver.id=gte:2000&receiver.id=lte:0.0.2000&order=desc&token.id=lt:0.0.301`,
        `${path}?limit=1&receiver.id=gte:2000&receiver.id=lte:0.0.2000&order=desc&token.id=lt:0.0.300`,
        `${path}?limit=1&receiver.id=gte:2000&receiver.id=lte:0.0.2000&order=desc&token.id=lt:0.0.100`,
      ]);
    });

    it.each([
      ["receiver.id=0.0.3000", [find(SENDER, RECEIVER_2, 100n)]],
      ["receiver.id=lt:0.0.3000&receiver.id=gte:2000&token.id=gt:0.0.300", [find(SENDER, RECEIVER, 301n), find(SENDER, RECEIVER, 400n, 1n), find(SENDER, RECEIVER, 400n, 2n)]],
      ["token.id=0.0.400", [find(SENDER, RECEIVER, 400n, 1n), find(SENDER, RECEIVER, 400n, 2n)]],
      ["token.id=0.0.400&serialnumber=gt:1", [find(SENDER, RECEIVER, 400n, 2n)]],
      ["serialnumber=1", [find(SENDER, RECEIVER, 400n, 1n)]],
      ["serialnumber=gte:1&serialnumber=lte:2", [find(SENDER, RECEIVER, 400n, 1n), find(SENDER, RECEIVER, 400n, 2n)]],
      // As upstream: the token range narrows only the receivers at the ends of the receiver range,
      // from below at the lower end and from above at the upper end.
      [
        "receiver.id=gte:0.0.2000&receiver.id=lte:0.0.3000&token.id=gte:0.0.301&token.id=lte:0.0.301",
        [find(SENDER, RECEIVER, 301n), find(SENDER, RECEIVER, 400n, 1n), find(SENDER, RECEIVER, 400n, 2n), find(SENDER, RECEIVER_2, 100n)],
      ],
      ["receiver.id=gte:0.0.2001", [find(SENDER, RECEIVER_2, 100n)]],
    ])("filters by %s", async (search, airdrops) => {
      const { status, body } = await get(`/api/v1/accounts/${SENDER}/airdrops/outstanding?${search}`);
      expect(status).toBe(200);
      expect(body.airdrops).toEqual(airdrops);
    });

    it("wraps a bound one past int64 around as upstream's long arithmetic does, instead of failing", async () => {
      const { status, body } = await get(`/api/v1/accounts/${SENDER}/airdrops/outstanding?receiver.id=gte:0.0.2001&serialnumber=gt:9223372036854775807`);
      expect(status).toBe(200);
      expect(body.airdrops).toEqual([find(SENDER, RECEIVER_2, 100n)]);
    });

    it("answers an unknown numeric account with an empty list, as upstream does without a lookup", async () => {
      const { status, body } = await get("/api/v1/accounts/0.0.999999/airdrops/outstanding");
      expect(status).toBe(200);
      expect(body).toEqual({ airdrops: [], links: { next: null } });
    });

    it.each([`0x${"0".repeat(32)}0186fb1b`, "00000000000000000000000000000000000003e9", encodeBase32(new Uint8Array(25).fill(7))])("answers the unknown account %s with 404", async (id) => {
      const { status, body } = await get(`/api/v1/accounts/${id}/airdrops/outstanding`);
      expect(status).toBe(404);
      expect(body).toEqual(javaError("Not Found", "No account found for the given ID"));
    });

    it.each([
      ["abc", "", badRequest("Failed to convert 'id'")],
      ["0.65537.1001", "", badRequest("Failed to convert 'id'")],
      ["9223372036854775807", "", badRequest("Failed to convert 'id'")],
      ["0.0.1000", "?limit=a", badRequest("Failed to convert 'limit'")],
      ["0.0.1000", "?limit=0", violations("limit must be greater than 0")],
      ["0.0.1000", "?limit=101", violations("limit must be less than or equal to 100")],
      ["0.0.1000", "?order=ascending", badRequest("Failed to convert 'order'")],
      ["0.0.1000", "?receiver.id=abc", badRequest("Failed to convert 'receiver.id'")],
      ["0.0.1000", "?receiver.id=0.0.-1001", badRequest("Failed to convert 'receiver.id'")],
      ["0.0.1000", `?receiver.id=0x${EVM_ADDRESS}`, badRequest("Failed to convert 'receiver.id'")],
      ["0.0.1000", "?receiver.id=foo:1", badRequest("Failed to convert 'receiver.id'")],
      ["0.0.1000", "?token.id=0.65537.1", badRequest("Failed to convert 'token.id'")],
      ["0.0.1000", "?serialnumber=-1", badRequest("Failed to convert 'serialnumber'")],
      ["0.0.1000", "?limit=0&receiver.id=1&receiver.id=2&receiver.id=3", violations("limit must be greater than 0", "receiver.id size must be between 0 and 2")],
      ["0.0.1000", "?receiver.id=gt:0.0.5&receiver.id=lt:0.0.6", badRequest("Invalid range provided for account.id")],
      ["0.0.1000", "?sender.id=0.0.1", { _status: { messages: [{ message: "Unknown query parameter: sender.id" }] } }],
    ])("answers %s%s with 400", async (id, search, expected) => {
      const { status, body } = await get(`/api/v1/accounts/${id}/airdrops/outstanding${search}`);
      expect(status).toBe(400);
      expect(body).toEqual(expected);
    });
  });

  describe("GET /api/v1/accounts/{id}/airdrops/pending", () => {
    it("lists the receiver's pending airdrops by sender, token and serial number", async () => {
      const { status, body } = await get(`/api/v1/accounts/${RECEIVER}/airdrops/pending`);
      expect(status).toBe(200);
      expect(body).toEqual({
        airdrops: [
          ...fromSenderToReceiver(),
          find(OTHER_SENDER, RECEIVER, 100n),
        ],
        links: { next: null },
      });
    });

    it("filters by sender.id and pages on it", async () => {
      const path = `/api/v1/accounts/${RECEIVER}/airdrops/pending`;
      expect((await get(`${path}?sender.id=0.0.1001`)).body.airdrops).toEqual([find(OTHER_SENDER, RECEIVER, 100n)]);
      const { pages, links } = await follow(`${path}?sender.id=gt:0.0.999&limit=3&order=desc`);
      expect(pages).toEqual([
        [find(OTHER_SENDER, RECEIVER, 100n), find(SENDER, RECEIVER, 400n, 2n), find(SENDER, RECEIVER, 400n, 1n)],
        [find(SENDER, RECEIVER, 301n), find(SENDER, RECEIVER, 300n), find(SENDER, RECEIVER, 100n)],
        [],
      ]);
      expect(links).toEqual([
        `${path}?sender.id=gt:0.0.999&sender.id=lte:0.0.1000&limit=3&order=desc&token.id=lte:0.0.400&serialnumber=lt:1`,
        `${path}?sender.id=gt:0.0.999&sender.id=lte:0.0.1000&limit=3&order=desc&token.id=lt:0.0.100`,
      ]);
    });

    it("rejects the outstanding endpoint's filter", async () => {
      const { status, body } = await get(`/api/v1/accounts/${RECEIVER}/airdrops/pending?receiver.id=0.0.1`);
      expect(status).toBe(400);
      expect(body).toEqual({ _status: { messages: [{ message: "Unknown query parameter: receiver.id" }] } });
    });
  });
});
