import { beforeAll, describe, expect, it } from "vitest";
import type { SqlClient } from "@/lib/db";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { serveInProcess } from "@/lib/routes/in-process";
import { ARTIFACTS, hexBytes } from "@/lib/seed/mirror/contracts/artifacts";
import { seedMirrorData } from "@/lib/seed/mirror/index";
import { SHOWCASE } from "@/lib/seed/mirror/showcase";
import { selector } from "../evm/hts/abi";
import { VIEW_GAS } from "../evm/hts/hts";
import { STATIC_HTS_CALLER } from "../evm/testing/contracts";

const NOW = new Date("2026-11-22T12:00:00.500Z");
const NOW_NANOS = BigInt(NOW.getTime()) * 1_000_000n;

const hex = (value: bigint | number, digits = 64) => BigInt(value).toString(16).padStart(digits, "0");
const word = (value: bigint | number) => hex(value);
const longZero = (num: bigint | number) => `0x${hex(num, 40)}`;
const sig = (signature: string) => hex(selector(signature), 8);
/** A call's data: the selector, then each argument as a word (an address left-padded). */
const data = (signature: string, ...args: Array<bigint | number | string>) =>
  `0x${sig(signature)}${args.map((arg) => (typeof arg === "string" ? arg.replace(/^0x/, "").padStart(64, "0") : word(arg))).join("")}`;

/** Word `i` of an ABI answer. */
const wordAt = (result: string, i: number) => BigInt(`0x${result.slice(2 + i * 64, 2 + (i + 1) * 64)}`);
/** The string whose offset is word `i`. */
function stringAt(result: string, i: number): string {
  const body = result.slice(2);
  const offset = Number(wordAt(result, i)) * 2;
  const length = Number(BigInt(`0x${body.slice(offset, offset + 64)}`));
  return Buffer.from(body.slice(offset + 64, offset + 64 + length * 2), "hex").toString("utf8");
}
const utf8Hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

type Web3Error = { _status: { messages: Array<{ message: string; detail: string; data: string }> } };

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => NOW_NANOS };
  let sql: SqlClient;

  async function post(path: string, body?: unknown) {
    const response = await serveInProcess(
      mirror,
      new Request(`http://localhost${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    );
    return { status: response.status, body: (await response.json()) as unknown };
  }
  const call = async (to: string, input: string, extra: Record<string, unknown> = {}) => post("/api/v1/contracts/call", { to, data: input, ...extra });
  const result = async (to: string, input: string, extra: Record<string, unknown> = {}) => {
    const answer = await call(to, input, extra);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { result: string }).result;
  };

  /** The address the EVM shows for an account: its EVM alias, else long-zero. */
  async function evmAddressOf(id: bigint): Promise<string> {
    const [row] = await sql.query<{ evm_address: Uint8Array | null }>("SELECT evm_address FROM entity WHERE id = $1", [id]);
    return row?.evm_address ? `0x${Buffer.from(row.evm_address).toString("hex")}` : longZero(id);
  }

  const TOKEN = longZero(SHOWCASE.token.num);
  const COLLECTION = longZero(SHOWCASE.collection.num);
  let holder: { account_id: bigint; balance: bigint };
  let token: { name: string; symbol: string; decimals: bigint; total_supply: bigint };

  beforeAll(async () => {
    expect((await seedMirrorData(getDb(), { now: NOW, scale: 1 })).seeded).toBe(true);
    sql = getDb().sql;
    [holder] = await sql.query<{ account_id: bigint; balance: bigint }>(
      "SELECT account_id, balance FROM token_account WHERE token_id = $1 AND balance > 0 AND account_id <> 1001 ORDER BY account_id LIMIT 1",
      [SHOWCASE.token.num],
    ) as [{ account_id: bigint; balance: bigint }];
    [token] = await sql.query<typeof token>("SELECT name, symbol, decimals, total_supply FROM token WHERE token_id = $1", [SHOWCASE.token.num]) as [typeof token];
  });

  describe("the HIP-719 token facade", () => {
    it("answers the ERC-20 reads of the showcase token from its token and token_account rows", async () => {
      expect(holder.balance).toBeGreaterThan(0n);
      expect(wordAt(await result(TOKEN, data("balanceOf(address)", longZero(holder.account_id))), 0)).toBe(holder.balance);
      expect(stringAt(await result(TOKEN, data("name()")), 0)).toBe(token.name);
      expect(stringAt(await result(TOKEN, data("symbol()")), 0)).toBe(token.symbol);
      expect(wordAt(await result(TOKEN, data("decimals()")), 0)).toBe(token.decimals);
      expect(wordAt(await result(TOKEN, data("totalSupply()")), 0)).toBe(token.total_supply);
      // An account with no relation holds none; an alias nobody has reverts INVALID_ACCOUNT_ID.
      expect(wordAt(await result(TOKEN, data("balanceOf(address)", longZero(2))), 0)).toBe(0n);
      expect((await call(TOKEN, data("balanceOf(address)", "ab".repeat(20)))).body).toEqual({
        _status: { messages: [{ message: "CONTRACT_REVERT_EXECUTED", detail: "", data: `0x${utf8Hex("INVALID_ACCOUNT_ID")}` }] },
      });
    });

    it("answers ownerOf, tokenURI and balanceOf of a demo NFT from its nft rows", async () => {
      const [nft] = await sql.query<{ serial_number: bigint; account_id: bigint; metadata: Uint8Array }>(
        "SELECT serial_number, account_id, metadata FROM nft WHERE token_id = $1 AND deleted IS NOT TRUE AND account_id IS NOT NULL ORDER BY serial_number LIMIT 1",
        [SHOWCASE.collection.num],
      );
      expect(nft).toBeDefined();
      const owner = await evmAddressOf(nft!.account_id);
      expect(`0x${(await result(COLLECTION, data("ownerOf(uint256)", nft!.serial_number))).slice(-40)}`).toBe(owner);
      expect(stringAt(await result(COLLECTION, data("tokenURI(uint256)", nft!.serial_number)), 0)).toBe(Buffer.from(nft!.metadata).toString("utf8"));
      const [{ owned }] = (await sql.query<{ owned: bigint }>("SELECT count(*)::bigint AS owned FROM nft WHERE token_id = $1 AND account_id = $2 AND deleted IS NOT TRUE", [
        SHOWCASE.collection.num,
        nft!.account_id,
      ])) as [{ owned: bigint }];
      expect(wordAt(await result(COLLECTION, data("balanceOf(address)", longZero(nft!.account_id))), 0)).toBe(owned);
      expect((await call(COLLECTION, data("ownerOf(uint256)", 1_000_000))).body).toEqual({
        _status: { messages: [{ message: "CONTRACT_REVERT_EXECUTED", detail: "", data: `0x${utf8Hex("INVALID_TOKEN_NFT_SERIAL_NUMBER")}` }] },
      });
    });

    it("reads a balance at an earlier block as /api/v1/balances does at that block's end", async () => {
      const [block] = await sql.query<{ index: bigint; consensus_end: bigint }>(
        "SELECT index, consensus_end FROM record_file WHERE consensus_end < $1 ORDER BY consensus_end DESC LIMIT 1",
        [NOW_NANOS - 2n * 86_400_000_000_000n],
      );
      const seconds = block!.consensus_end / 1_000_000_000n;
      const nanos = (block!.consensus_end % 1_000_000_000n).toString().padStart(9, "0");
      const balances = (await post(`/api/v1/balances?account.id=${holder.account_id}&timestamp=${seconds}.${nanos}`)).body as {
        balances: Array<{ tokens: Array<{ token_id: string; balance: number }> }>;
      };
      const expected = BigInt(balances.balances[0]?.tokens.find((entry) => entry.token_id === `0.0.${SHOWCASE.token.num}`)?.balance ?? 0);
      const atBlock = wordAt(await result(TOKEN, data("balanceOf(address)", longZero(holder.account_id)), { block: block!.index.toString() }), 0);
      expect(atBlock).toBe(expected);
    });
  });

  describe("HTS at 0x167", () => {
    const HTS = longZero(0x167);

    it("isToken and getTokenType tell tokens, NFTs and accounts apart, with SUCCESS (22)", async () => {
      expect([wordAt(await result(HTS, data("isToken(address)", TOKEN)), 0), wordAt(await result(HTS, data("isToken(address)", TOKEN)), 1)]).toEqual([22n, 1n]);
      expect(wordAt(await result(HTS, data("isToken(address)", longZero(holder.account_id))), 1)).toBe(0n);
      expect(wordAt(await result(HTS, data("getTokenType(address)", TOKEN)), 1)).toBe(0n);
      expect(wordAt(await result(HTS, data("getTokenType(address)", COLLECTION)), 1)).toBe(1n);
      expect(wordAt(await result(HTS, data("getTokenType(address)", longZero(holder.account_id))), 0)).toBe(167n);
    });

    it("answers the defaults, a holder's freeze and KYC flags and the token info from the token rows", async () => {
      const [row] = await sql.query<{ freeze_default: boolean; kyc_key: Uint8Array | null }>("SELECT freeze_default, kyc_key FROM token WHERE token_id = $1", [SHOWCASE.token.num]);
      expect(wordAt(await result(HTS, data("getTokenDefaultFreezeStatus(address)", TOKEN)), 1)).toBe(row!.freeze_default ? 1n : 0n);
      expect(wordAt(await result(HTS, data("getTokenDefaultKycStatus(address)", TOKEN)), 1)).toBe(row!.kyc_key === null ? 1n : 0n);
      const [relation] = await sql.query<{ freeze_status: number; kyc_status: number }>("SELECT freeze_status, kyc_status FROM token_account WHERE account_id = $1 AND token_id = $2", [
        holder.account_id,
        SHOWCASE.token.num,
      ]);
      expect(wordAt(await result(HTS, data("isFrozen(address,address)", TOKEN, longZero(holder.account_id))), 1)).toBe(relation!.freeze_status === 1 ? 1n : 0n);
      expect(wordAt(await result(HTS, data("isKyc(address,address)", TOKEN, longZero(holder.account_id))), 1)).toBe(relation!.kyc_status !== 2 ? 1n : 0n);
      // getFungibleTokenInfo: (22, offset) then FungibleTokenInfo(TokenInfo(HederaToken(name, …), totalSupply, …), decimals).
      const info = await result(HTS, data("getFungibleTokenInfo(address)", TOKEN));
      expect(wordAt(info, 0)).toBe(22n);
      const fungible = Number(wordAt(info, 1)) / 32;
      const tokenInfo = fungible + Number(wordAt(info, fungible)) / 32;
      expect(wordAt(info, fungible + 1)).toBe(token.decimals);
      expect(wordAt(info, tokenInfo + 1)).toBe(token.total_supply);
      const hederaToken = tokenInfo + Number(wordAt(info, tokenInfo)) / 32;
      expect(stringAt(`0x${info.slice(2 + hederaToken * 64)}`, 0)).toBe(token.name);
      expect(`0x${hex(wordAt(info, hederaToken + 2), 40)}`).toBe(await evmAddressOf(1001n));
    });

    it("answers allowances, approvals and approvals for all, through the facade and 0x167, from the allowance and nft tables", async () => {
      const [allowance] = await sql.query<{ owner: bigint; spender: bigint; token_id: bigint; amount: bigint }>(
        "SELECT a.owner, a.spender, a.token_id, a.amount FROM token_allowance a JOIN token t ON t.token_id = a.token_id WHERE a.amount > 0 ORDER BY a.token_id, a.owner LIMIT 1",
      );
      expect(allowance).toBeDefined();
      const { owner, spender, token_id: tokenId, amount } = allowance!;
      expect(wordAt(await result(longZero(tokenId), data("allowance(address,address)", longZero(owner), longZero(spender))), 0)).toBe(amount);
      const classic = await result(HTS, data("allowance(address,address,address)", longZero(tokenId), longZero(owner), longZero(spender)));
      expect([wordAt(classic, 0), wordAt(classic, 1)]).toEqual([22n, amount]);
      expect((await call(longZero(tokenId), data("allowance(address,address)", "ab".repeat(20), longZero(spender)))).body).toEqual({
        _status: { messages: [{ message: "CONTRACT_REVERT_EXECUTED", detail: "", data: `0x${utf8Hex("INVALID_ALLOWANCE_OWNER_ID")}` }] },
      });

      const [forAll] = await sql.query<{ owner: bigint; spender: bigint; token_id: bigint }>(
        "SELECT owner, spender, token_id FROM nft_allowance WHERE approved_for_all ORDER BY token_id, owner LIMIT 1",
      );
      expect(forAll).toBeDefined();
      expect(wordAt(await result(longZero(forAll!.token_id), data("isApprovedForAll(address,address)", longZero(forAll!.owner), longZero(forAll!.spender))), 0)).toBe(1n);
      expect(wordAt(await result(longZero(forAll!.token_id), data("isApprovedForAll(address,address)", longZero(forAll!.spender), longZero(forAll!.owner))), 0)).toBe(0n);
      const both = await result(HTS, data("isApprovedForAll(address,address,address)", longZero(forAll!.token_id), longZero(forAll!.owner), longZero(forAll!.spender)));
      expect([wordAt(both, 0), wordAt(both, 1)]).toEqual([22n, 1n]);

      const [approved] = await sql.query<{ token_id: bigint; serial_number: bigint; spender: bigint | null }>(
        "SELECT token_id, serial_number, spender FROM nft WHERE deleted IS NOT TRUE ORDER BY spender IS NULL, token_id, serial_number LIMIT 1",
      );
      const expected = approved!.spender === null ? longZero(0) : await evmAddressOf(approved!.spender);
      expect(`0x${(await result(longZero(approved!.token_id), data("getApproved(uint256)", approved!.serial_number))).slice(-40)}`).toBe(expected);
      const viaHts = await result(HTS, data("getApproved(address,uint256)", longZero(approved!.token_id), approved!.serial_number));
      expect([wordAt(viaHts, 0), `0x${viaHts.slice(-40)}`]).toEqual([22n, expected]);
      expect((await call(TOKEN, data("getApproved(uint256)", 1))).body).toEqual({
        _status: { messages: [{ message: "CONTRACT_REVERT_EXECUTED", detail: "", data: `0x${utf8Hex("INVALID_TOKEN_NFT_SERIAL_NUMBER")}` }] },
      });
    });

    it("reverts with the status, where a plain call answers it, in a static frame (upstream's issue #8746 rule)", async () => {
      const viewer = 999_000_001n;
      const born = NOW_NANOS - 86_400_000_000_000n;
      await sql.query(
        "INSERT INTO entity (id, num, realm, shard, type, created_timestamp, timestamp_range) VALUES ($1, $1, 0, 0, 'CONTRACT', $2, int8range($2, NULL))",
        [viewer, born],
      );
      await sql.query("INSERT INTO contract (id, runtime_bytecode) VALUES ($1, $2)", [viewer, STATIC_HTS_CALLER]);
      const account = longZero(holder.account_id);
      const plain = await result(HTS, data("getTokenType(address)", account));
      expect([wordAt(plain, 0), wordAt(plain, 1)]).toEqual([167n, 0n]);
      expect((await call(longZero(viewer), data("getTokenType(address)", account))).body).toEqual({
        _status: { messages: [{ message: "CONTRACT_REVERT_EXECUTED", detail: "", data: `0x${utf8Hex("INVALID_TOKEN_ID")}` }] },
      });
      const viaView = await result(longZero(viewer), data("getTokenType(address)", COLLECTION));
      expect([wordAt(viaView, 0), wordAt(viaView, 1)]).toEqual([22n, 1n]);
    });

    it("answers 501 for HTS writes and the facade's ERC writes", async () => {
      const notImplemented = { status: 501, body: { _status: { messages: [{ message: "Not Implemented", detail: "", data: "" }] } } };
      expect(await call(HTS, data("transferToken(address,address,address,int64)", TOKEN, longZero(1001), longZero(holder.account_id), 1))).toEqual(notImplemented);
      expect(await call(HTS, data("mintToken(address,int64,bytes[])", TOKEN, 1, 96, 0))).toEqual(notImplemented);
      expect(await call(TOKEN, data("transfer(address,uint256)", longZero(holder.account_id), 1))).toEqual(notImplemented);
      expect(await call(TOKEN, data("approve(address,uint256)", longZero(holder.account_id), 1))).toEqual(notImplemented);
    });

    it("charges the view gas of each HTS read: an estimate of a facade read exceeds a plain call by it", async () => {
      const estimate = BigInt((await result(TOKEN, data("decimals()"), { estimate: true })));
      expect(estimate).toBeGreaterThan(21_000n + VIEW_GAS);
    });
  });

  describe("HtsReader, the demo contract, through its facade and 0x167", () => {
    it("reads the showcase token as the token tables hold it", async () => {
      const rows = await sql.query<{ id: bigint }>("SELECT id FROM contract WHERE runtime_bytecode = $1", [hexBytes(ARTIFACTS.HtsReader.deployedBytecode)]);
      expect(rows).toHaveLength(1);
      const answer = await result(longZero(rows[0]!.id), data("read(address,address)", TOKEN, longZero(holder.account_id)));
      expect([wordAt(answer, 0), wordAt(answer, 1), wordAt(answer, 2), stringAt(answer, 3)]).toEqual([0n, holder.balance, token.decimals, token.name]);
      const notAToken = await call(longZero(rows[0]!.id), data("read(address,address)", longZero(holder.account_id), longZero(holder.account_id)));
      expect((notAToken.body as Web3Error)._status.messages[0]!.data).toBe(`0x${sig("NotAToken(address)")}${word(holder.account_id)}`);
    });
  });

  describe("exchange rate 0x168 and PRNG 0x169", () => {
    it("converts tinycents and tinybars at the rate /network/exchangerate gives, the current one until it expires, then the next", async () => {
      type Rate = { cent_equivalent: number; hbar_equivalent: number; expiration_time: number };
      const rates = (await post("/api/v1/network/exchangerate")).body as { current_rate: Rate; next_rate: Rate };
      const active = NOW_NANOS / 1_000_000_000n < BigInt(rates.current_rate.expiration_time) ? rates.current_rate : rates.next_rate;
      const { cent_equivalent: cents, hbar_equivalent: hbars } = active;
      const amount = 123_456_789_000n;
      expect(wordAt(await result(longZero(0x168), data("tinycentsToTinybars(uint256)", amount)), 0)).toBe((amount * BigInt(hbars)) / BigInt(cents));
      expect(wordAt(await result(longZero(0x168), data("tinybarsToTinycents(uint256)", amount)), 0)).toBe((amount * BigInt(cents)) / BigInt(hbars));
      expect((await call(longZero(0x168), `0x${sig("tinycentsToTinybars(uint256)")}`)).body).toEqual({
        _status: { messages: [{ message: "CONTRACT_EXECUTION_EXCEPTION", detail: "", data: "0x" }] },
      });
    });

    it("gives the block's record file hash as the seed, latest and at an earlier block", async () => {
      const blocks = await sql.query<{ index: bigint; hash: string }>("SELECT index, hash FROM record_file ORDER BY index DESC LIMIT 2");
      expect(await result(longZero(0x169), data("getPseudorandomSeed()"))).toBe(`0x${blocks[0]!.hash.slice(0, 64)}`);
      expect(await result(longZero(0x169), data("getPseudorandomSeed()"), { block: blocks[1]!.index.toString() })).toBe(`0x${blocks[1]!.hash.slice(0, 64)}`);
    });
  });
});
