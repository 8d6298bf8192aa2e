import { beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "@/lib/db/testing/databases";
import { route } from "@/lib/http/handler";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { serveInProcess } from "@/lib/routes/in-process";
import { BLOCK_INFO, ECHO_REVERTER, SLOT_READER, SLOT_WRITER, SPINNER, TRANSIENT_READER } from "../evm/testing/contracts";
import { createContractCallHandler } from "./call-handler";
import { contractCallSettings } from "./settings";

const SECOND = 1_000_000_000n;
const CREATED = 1_700_000_000n * SECOND;
const BLOCK_10 = { index: 10n, start: CREATED + 100n * SECOND, end: CREATED + 102n * SECOND + 7n, hash: "a1".repeat(48) };
const BLOCK_11 = { index: 11n, start: CREATED + 200n * SECOND, end: CREATED + 202n * SECOND + 9n, hash: "b2".repeat(48) };
const NOW = CREATED + 300n * SECOND;

const longZero = (num: number) => `0x${num.toString(16).padStart(40, "0")}`;
const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, "0");
/** The test ledger's entity numbers: one contract per test bytecode, a token, a paying account. */
const ID = { reader: 1001, reverter: 1002, writer: 1003, blocks: 1004, spins: 1005, late: 1006, token: 1007, transient: 1008, payer: 1100 } as const;
const PAYER_ALIAS = "c0ffee".padEnd(40, "1");

/** `Error(string)` as solc encodes a revert reason. */
function errorString(text: string): string {
  const bytes = Buffer.from(text, "utf8").toString("hex");
  return `0x08c379a0${word(32)}${word(text.length)}${bytes.padEnd(Math.ceil(bytes.length / 64) * 64, "0")}`;
}

const web3 = (...messages: Array<[string, string, string]>) => ({ _status: { messages: messages.map(([message, detail, data]) => ({ message, detail, data })) } });
const bad = (...details: string[]) => web3(...details.map((detail): [string, string, string] => ["Bad Request", detail, ""]));

forEachDatabase((getDb) => {
  const mirror: MirrorContext = { sql: async () => getDb().sql, config: DEFAULT_MIRROR_CONFIG, now: () => NOW };

  async function post(body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) {
    const response = await serveInProcess(
      mirror,
      new Request("http://localhost/api/v1/contracts/call", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }),
    );
    return { status: response.status, body: JSON.parse(await response.text()) as unknown, headers: response.headers };
  }
  const call = (to: string, data: string, extra: Record<string, unknown> = {}) => post({ to, data, ...extra });

  beforeAll(async () => {
    const sql = getDb().sql;
    const entity = (id: number, type: string, from: bigint, extra: { balance?: bigint; evm?: string } = {}) =>
      sql.query(
        `INSERT INTO entity (id, num, realm, shard, type, balance, evm_address, created_timestamp, timestamp_range)
         VALUES ($1, $1, 0, 0, $2, $3, $4, $5, int8range($5, NULL))`,
        [id, type, extra.balance ?? 0n, extra.evm ? Buffer.from(extra.evm, "hex") : null, from],
      );
    const contract = async (id: number, code: Uint8Array, from = CREATED) => {
      await entity(id, "CONTRACT", from);
      await sql.query("INSERT INTO contract (id, runtime_bytecode) VALUES ($1, $2)", [id, code]);
    };
    await contract(ID.reader, SLOT_READER);
    await contract(ID.reverter, ECHO_REVERTER);
    await contract(ID.writer, SLOT_WRITER);
    await contract(ID.blocks, BLOCK_INFO);
    await contract(ID.spins, SPINNER);
    await contract(ID.late, SLOT_READER, BLOCK_11.start);
    await contract(ID.transient, TRANSIENT_READER);
    await entity(ID.token, "TOKEN", CREATED);
    await entity(ID.payer, "ACCOUNT", CREATED, { balance: 1_000n, evm: PAYER_ALIAS });
    await entity(2, "ACCOUNT", 0n, { balance: 5_000_000_000_000_000n });
    // Slot 1 was 5 at block 10 and is 7 now; slot 0 is stored as the full word, slot 1 trimmed as the importer does.
    await sql.query("INSERT INTO contract_state (contract_id, created_timestamp, modified_timestamp, slot, value) VALUES ($1, $2, $3, $4, $5)", [
      ID.reader, CREATED, BLOCK_11.start, Uint8Array.of(1), Uint8Array.of(7),
    ]);
    await sql.query("INSERT INTO contract_state (contract_id, created_timestamp, modified_timestamp, slot, value) VALUES ($1, $2, $2, $3, $4)", [
      ID.reader, CREATED, new Uint8Array(32), Uint8Array.of(0x2a),
    ]);
    for (const [at, value] of [[BLOCK_10.start, 5], [BLOCK_11.start, 7]] as const) {
      await sql.query(
        "INSERT INTO contract_state_change (consensus_timestamp, contract_id, payer_account_id, slot, value_read, value_written) VALUES ($1, $2, 2, $3, $4, $5)",
        [at, ID.reader, Uint8Array.of(1), Uint8Array.of(0), Uint8Array.of(value)],
      );
    }
    for (const block of [BLOCK_10, BLOCK_11]) {
      await sql.query(
        `INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, file_hash, hash, index, load_end, load_start, name, prev_hash, version)
         VALUES ($1, $2, 1, 0, 'f', $3, $4, 1, 1, $5, $6, 6)`,
        [block.end, block.start, block.hash, block.index, `block-${block.index}.rcd`, "0".repeat(96)],
      );
    }
  });

  describe("validation (upstream ContractControllerTest)", () => {
    it.each([2000, -2000, 0])("gas %d is below the floor", async (gas) => {
      expect(await post({ to: longZero(ID.reader), gas })).toEqual({ status: 400, body: bad("gas field must be greater than or equal to 21000"), headers: expect.anything() });
    });

    it("gas above 15,000,000 is over the ceiling", async () => {
      expect((await post({ to: longZero(ID.reader), gas: 16_000_000 })).body).toEqual(bad("gas field must be less than or equal to 15000000"));
    });

    it.each([" ", "0x", "0xghijklmno", "0x00000000000000000000000000000000000004e", "0x00000000000000000000000000000000000004e2a", "0x000000000000000000000000000000Z0000007e7", "00000000001239847e", "0X00000000000000000000000000000000000004e4"])(
      "to %j is no address",
      async (to) => {
        expect(await post({ to })).toMatchObject({ status: 400, body: bad("to field invalid hexadecimal string") });
      },
    );

    it.each(["", " ", "0x", "0xghijklmno", "0x00000000000000000000000000000000000004e", "0x00000000000000000000000000000000000004e2a", "0x000000000000000000000000000000Z0000007e7", "00000000001239847e", "0X00000000000000000000000000000000000004e2"])(
      "from %j is no address",
      async (from) => {
        expect(await post({ to: longZero(ID.reader), from })).toMatchObject({ status: 400, body: bad("from field invalid hexadecimal string") });
      },
    );

    it("rejects a negative value and gas price, a value without a sender, and a sender's value without a receiver", async () => {
      expect((await post({ to: longZero(ID.reader), from: longZero(ID.payer), value: -1 })).body).toEqual(bad("value field must be greater than or equal to 0"));
      expect((await post({ to: longZero(ID.reader), gasPrice: -1 })).body).toEqual(bad("gasPrice field must be greater than or equal to 0"));
      expect((await post({ to: longZero(ID.reader), value: 23 })).body).toEqual(bad("from field must not be empty"));
      expect((await post({ from: longZero(ID.payer), value: 23, data: "0x1079023a" })).body).toEqual(bad("to field must not be empty"));
    });

    it("answers the Postman smoke body with all five details in one 400", async () => {
      expect(await post({ to: "0x", from: "0x", value: -1, gas: -1, gasPrice: -1 })).toMatchObject({
        status: 400,
        body: bad(
          "from field invalid hexadecimal string",
          "gas field must be greater than or equal to 21000",
          "gasPrice field must be greater than or equal to 0",
          "to field invalid hexadecimal string",
          "value field must be greater than or equal to 0",
        ),
      });
    });

    it.each(["1", "1aa"])("data %j has an odd digit count", async (data) => {
      expect(await call(longZero(ID.reader), data)).toMatchObject({ status: 400, body: bad("Odd number of characters.") });
    });

    it("data must be hex; mixed case, null, empty and 0x are fine", async () => {
      expect((await call(longZero(ID.reader), "0x12345z")).body).toEqual(bad("data field invalid hexadecimal string"));
      for (const data of ["0xaBeCd0", null, "", "0x"]) expect((await call(longZero(ID.reader), data as string)).status).toBe(200);
    });

    it.each(["earliest", "latest", "pending", "safe", "finalized", null, "", "10", "0xa", BLOCK_10.hash, `0x${BLOCK_10.hash}`, BLOCK_10.hash.slice(0, 64)])(
      "block %j is a block",
      async (block) => {
        expect((await post({ to: longZero(ID.reader), block })).status).toBe(200);
      },
    );

    it("block -1 is 400, an unknown block Unknown block number", async () => {
      expect(await post({ block: "-1" })).toMatchObject({
        status: 400,
        body: bad("JSON parse error: Cannot construct instance of `org.hiero.mirror.web3.viewmodel.BlockType`, problem: Invalid block value: -1"),
      });
      expect((await post({ to: longZero(ID.reader), block: "12" })).body).toEqual(bad("Unknown block number"));
      expect((await post({ to: longZero(ID.reader), block: "0" })).body).toEqual(bad("Unknown block number"));
      expect((await post({ to: longZero(ID.reader), block: "c3".repeat(48) })).body).toEqual(bad("Unknown block number"));
    });

    it("answers a wrong content type 415 and malformed JSON 400, in upstream's words", async () => {
      expect(await post({}, { "content-type": "text/plain;charset=UTF-8" })).toMatchObject({
        status: 415,
        body: web3(["Unsupported Media Type", "Content-Type 'text/plain;charset=UTF-8' is not supported", ""]),
      });
      expect(await post('{from: 0x00000000000000000000000000000000000004e2"')).toMatchObject({
        status: 400,
        body: bad("JSON parse error: Unexpected character ('f' (code 102)): was expecting double-quote to start property name"),
      });
      expect((await post({ to: longZero(ID.reader), gas: "abc" })).body).toEqual(bad('JSON parse error: Cannot deserialize value of type `long` from String "abc": not a valid `long` value'));
    });

    it("caps the body at 1 MiB", async () => {
      expect((await post({ to: longZero(ID.reader), data: `0x${"00".repeat(600_000)}` })).status).toBe(413);
    });

    it("ignores unknown fields and reads null as the default", async () => {
      expect(await post({ to: longZero(ID.reader), estimate: null, value: null, from: null, gasPrice: null, extra: 1 })).toMatchObject({ status: 200 });
    });
  });

  describe("calls", () => {
    it("reads storage at latest, and at an earlier block by number, hex and hash", async () => {
      const slot1 = `0x${word(1)}`;
      expect((await call(longZero(ID.reader), slot1)).body).toEqual({ result: `0x${word(7)}` });
      expect((await call(longZero(ID.reader), `0x${word(0)}`)).body).toEqual({ result: `0x${word(0x2a)}` });
      for (const block of ["10", "0xa", BLOCK_10.hash, `0x${BLOCK_10.hash}`, "earliest"]) {
        expect((await call(longZero(ID.reader), slot1, { block })).body, block).toEqual({ result: `0x${word(5)}` });
      }
      expect((await call(longZero(ID.reader), slot1, { block: "11" })).body).toEqual({ result: `0x${word(7)}` });
    });

    it("takes the JS SDK's payloads (MirrorNodeContractCallQuery, MirrorNodeContractEstimateQuery): unprefixed hex, numbers as strings", async () => {
      const to = longZero(ID.reader).slice(2);
      const payload = { data: word(1), to, estimate: false, gas: "30000", blockNumber: "11" };
      expect((await post(payload)).body).toEqual({ result: `0x${word(7)}` });
      expect((await post({ ...payload, estimate: true, gas: undefined })).status).toBe(200);
    });

    it("answers 0x for no code and for an address nobody has", async () => {
      expect((await call(longZero(ID.payer), "")).body).toEqual({ result: "0x" });
      expect((await call("0x" + "ab".repeat(20), "0x12345678")).body).toEqual({ result: "0x" });
    });

    it("fails a call at a block before the contract existed with INVALID_CONTRACT_ID", async () => {
      expect(await call(longZero(ID.late), `0x${word(1)}`, { block: "10" })).toMatchObject({ status: 400, body: web3(["INVALID_CONTRACT_ID", "", ""]) });
    });

    it("exposes the block: NUMBER, TIMESTAMP, CHAINID, BLOCKHASH without a 256 window, PREVRANDAO", async () => {
      const result = (block: string, hashOf: bigint) => call(longZero(ID.blocks), `0x${word(hashOf)}`, { block }).then((answer) => (answer.body as { result: string }).result);
      expect(await result("latest", 10n)).toBe(`0x${word(11)}${word(BLOCK_11.start / SECOND)}${word(298)}${BLOCK_10.hash.slice(0, 64)}${BLOCK_11.hash.slice(0, 64)}`);
      expect(await result("10", 11n)).toBe(`0x${word(10)}${word(BLOCK_10.start / SECOND)}${word(298)}${word(0)}${BLOCK_10.hash.slice(0, 64)}`);
      expect(await result("latest", 2n ** 63n - 1n)).toBe(`0x${word(11)}${word(BLOCK_11.start / SECOND)}${word(298)}${word(0)}${BLOCK_11.hash.slice(0, 64)}`);
    });

    it("runs each block with its EVM version: mainnet's block 11 predates transient storage (0.50), other networks' does not", async () => {
      const mainnet = route(createContractCallHandler(mirror, contractCallSettings({ MIRROR_NETWORK: "mainnet" })));
      const ask = (handler: typeof mainnet) =>
        handler(new Request("http://localhost/api/v1/contracts/call", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ to: longZero(ID.transient) }) }));
      const old = await ask(mainnet);
      expect([old.status, await old.json()]).toEqual([400, web3(["CONTRACT_EXECUTION_EXCEPTION", "", "0x"])]);
      expect((await call(longZero(ID.transient), "")).body).toEqual({ result: `0x${word(0)}` });
    });

    it("follows the configured chain id", async () => {
      const handler = route(createContractCallHandler(mirror, { ...contractCallSettings({ MIRROR_NETWORK: "testnet" }) }));
      const response = await handler(
        new Request("http://localhost/api/v1/contracts/call", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ to: longZero(ID.blocks), data: `0x${word(0)}` }) }),
      );
      expect(((await response.json()) as { result: string }).result.slice(2 + 128, 2 + 192)).toBe(word(296));
    });
  });

  describe("reverts (upstream RevertTest's bodies)", () => {
    it("decodes Error(string) into detail and gives the revert bytes as data", async () => {
      const data = errorString("RevertReasonView");
      expect(data).toBe(`0x08c379a0${word(32)}${word(16)}526576657274526561736f6e56696577${"0".repeat(32)}`);
      expect(await call(longZero(ID.reverter), data)).toMatchObject({ status: 400, body: web3(["CONTRACT_REVERT_EXECUTED", "RevertReasonView", data]) });
    });

    it("a bare revert, a custom error and a panic carry no detail, and their exact data", async () => {
      expect((await call(longZero(ID.reverter), "")).body).toEqual(web3(["CONTRACT_REVERT_EXECUTED", "", "0x"]));
      expect((await call(longZero(ID.reverter), "0x0bd3d39c")).body).toEqual(web3(["CONTRACT_REVERT_EXECUTED", "", "0x0bd3d39c"]));
      const panic = `0x4e487b71${word(0x12)}`;
      expect((await call(longZero(ID.reverter), panic)).body).toEqual(web3(["CONTRACT_REVERT_EXECUTED", "", panic]));
    });

    it("an estimate whose first run reverts fails as the call does", async () => {
      const data = errorString("no");
      expect((await call(longZero(ID.reverter), data, { estimate: true })).body).toEqual(web3(["CONTRACT_REVERT_EXECUTED", "no", data]));
    });

    it("running out of gas is INSUFFICIENT_GAS", async () => {
      expect((await call(longZero(ID.spins), "", { gas: 30_000 })).body).toEqual(web3(["INSUFFICIENT_GAS", "", "0x"]));
    });
  });

  describe("payer rules", () => {
    it("a sender alias nobody has is PAYER_ACCOUNT_NOT_FOUND; a value above the balance INSUFFICIENT_PAYER_BALANCE", async () => {
      expect((await call(longZero(ID.reader), "", { from: `0x${"de".repeat(20)}`, value: 1 })).body).toEqual(web3(["PAYER_ACCOUNT_NOT_FOUND", "Sender account not found.", ""]));
      expect((await call(longZero(ID.reader), "", { from: `0x${PAYER_ALIAS}`, value: 5_000 })).body).toEqual(web3(["INSUFFICIENT_PAYER_BALANCE", "", ""]));
      expect(await call(longZero(ID.reader), `0x${word(1)}`, { from: `0x${PAYER_ALIAS}`, value: 10 })).toMatchObject({ status: 200 });
      expect(await call(longZero(ID.reader), `0x${word(1)}`, { from: longZero(ID.payer), value: 10 })).toMatchObject({ status: 200 });
    });
  });

  describe("estimate (upstream BinaryGasEstimator)", () => {
    // 21,000 + 31 zero and 1 other calldata byte (140) + 3 PUSH/CALLDATALOAD ops (9) + a cold SSTORE of 0 → 1 (22,100).
    const GAS_USED = 21_000 + 31 * 4 + 16 + 9 + 22_100;

    it("answers hex gas within 10 % above the gas used, enough to run the call, as whole bytes", async () => {
      const answer = (await call(longZero(ID.writer), `0x${word(1)}`, { estimate: true })).body as { result: string };
      expect(answer.result).toMatch(/^0x([0-9a-f]{2})+$/);
      const estimate = Number(BigInt(answer.result));
      expect(estimate).toBeGreaterThanOrEqual(GAS_USED);
      expect(estimate).toBeLessThanOrEqual(Math.floor(GAS_USED * 1.1) + 1);
      expect((await call(longZero(ID.writer), `0x${word(1)}`, { gas: estimate })).status).toBe(200);
      expect((await call(longZero(ID.writer), `0x${word(1)}`, { gas: Math.floor(GAS_USED * 0.9) })).body).toEqual(web3(["INSUFFICIENT_GAS", "", "0x"]));
    });

    it("estimates a plain transfer within 10 % above the intrinsic 21,000", async () => {
      const estimate = Number(BigInt(((await post({ to: longZero(ID.payer), estimate: true })).body as { result: string }).result));
      expect(estimate).toBeGreaterThanOrEqual(21_000);
      expect(estimate).toBeLessThanOrEqual(23_100);
    });
  });

  describe("system contracts and precompiles", () => {
    it.each([0x167, 0x168, 0x169])("empty data to %s is CONTRACT_EXECUTION_EXCEPTION", async (num) => {
      expect(await call(longZero(num), "")).toMatchObject({ status: 400, body: web3(["CONTRACT_EXECUTION_EXCEPTION", "", "0x"]) });
    });

    it.each([
      ["an HTS write (transferToken)", longZero(0x167), "0xeca36917"],
      ["HAS", longZero(0x16a), "0x12345678"],
      ["HSS", longZero(0x16b), "0x12345678"],
      ["an ERC write through a token's HIP-719 proxy (transfer)", longZero(ID.token), `0xa9059cbb${word(ID.payer)}${word(1)}`],
    ])("%s answers 501", async (_name, to, data) => {
      expect(await call(to, data)).toMatchObject({ status: 501, body: web3(["Not Implemented", "", ""]) });
    });

    it("a token entity without its token row reverts a facade read with INVALID_TOKEN_ID; 0x168 without an exchange-rate file halts", async () => {
      expect((await call(longZero(ID.token), "0x06fdde03")).body).toEqual(web3(["CONTRACT_REVERT_EXECUTED", "", `0x${Buffer.from("INVALID_TOKEN_ID").toString("hex")}`]));
      expect((await call(longZero(0x168), `0x2e3cff6a${word(100)}`)).body).toEqual(web3(["CONTRACT_EXECUTION_EXCEPTION", "", "0x"]));
    });

    const G1 = `${word(1)}${word(2)}`;
    const G1_DOUBLED = "030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4";
    const BLAKE2F_INPUT =
      "0000000c48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b" +
      `616263${"0".repeat(250)}0300000000000000000000000000000001`;
    it.each([
      // geth's ecrecover vector
      ["ecrecover", 1, `456e9aea5e197a1f1af7a3e85a3212fa4049a3ba34c2289b4c860fc0b0c64ef3${word(28)}9242685bf161793cc25603c231bc2f568eb630ea16aa137d2664ac8038825608` +
        "4f8ae3bd7535248d0bd448298cc2e2071e56992d0774dc340c368ae950852ada", `0x${"0".repeat(24)}7156526fbd7a3c72969b54f64e42c10fbb768c8a`],
      ["sha256 of nothing", 2, "", "0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
      ["ripemd160 of nothing", 3, "", `0x${"0".repeat(24)}9c1185a5c5e9fc54612808977ee8f548b2258d31`],
      ["identity", 4, "c0ffee", "0xc0ffee"],
      ["modexp 2^2 mod 5", 5, `${word(1)}${word(1)}${word(1)}020205`, "0x04"],
      ["bn254 add G1+G1", 6, `${G1}${G1}`, `0x${G1_DOUBLED}`],
      ["bn254 mul 2·G1", 7, `${G1}${word(2)}`, `0x${G1_DOUBLED}`],
      ["bn254 pairing of nothing", 8, "", `0x${word(1)}`],
      // EIP-152's fifth vector: blake2b("abc"), 12 rounds
      ["blake2f", 9, BLAKE2F_INPUT, "0xba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"],
    ])("runs the %s precompile", async (_name, num, input, output) => {
      expect((await call(longZero(num), `0x${input}`)).body).toEqual({ result: output });
    });

    // go-ethereum's pointEvaluation1 (core/vm/testdata/precompiles/pointEvaluation.json): versioned hash, z, y, commitment, proof.
    const POINT_EVALUATION =
      "01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b564c0a11a0f704f4fc3e8acfe0f8245f0ad1347b378fbf96e206da11a5d36306" +
      "24d25032e67a7e6a4910df5834b8fe70e6bcfeeac0352434196bdf4b2485d5a18f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca2" +
      "5f26936857bc3a7c2539ea8ec3a952b7873033e038326e87ed3e1276fd140253fa08e9fc25fb2d9a98527fc22a2c9612fbeafdad446cbc7bcdbdcd780af2c16a";

    it("runs the KZG point evaluation precompile on go-ethereum's vector, and fails a wrong evaluation or length", async () => {
      expect((await call(longZero(10), `0x${POINT_EVALUATION}`)).body).toEqual({ result: `0x${word(4096)}73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001` });
      const wrongY = `${POINT_EVALUATION.slice(0, 190)}${POINT_EVALUATION[190] === "0" ? "1" : "0"}${POINT_EVALUATION.slice(191)}`;
      expect((await call(longZero(10), `0x${wrongY}`)).body).toEqual(web3(["CONTRACT_EXECUTION_EXCEPTION", "", "0x"]));
      expect((await call(longZero(10), `0x${POINT_EVALUATION.slice(2)}`)).body).toEqual(web3(["CONTRACT_EXECUTION_EXCEPTION", "", "0x"]));
    });
  });

  describe("limits", () => {
    const handlerWith = (overrides: Partial<ReturnType<typeof contractCallSettings>>) => {
      const handler = route(createContractCallHandler(mirror, { ...contractCallSettings({}), ...overrides }));
      return async (body: unknown) => {
        const response = await handler(new Request("http://localhost/api/v1/contracts/call", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
        return { status: response.status, body: (await response.json()) as unknown };
      };
    };

    it("throttles requests per second and gas per second with upstream's 429 bodies", async () => {
      const requests = handlerWith({ requestsPerSecond: 1 });
      expect((await requests({ to: longZero(ID.reader) })).status).toBe(200);
      expect(await requests({ to: longZero(ID.reader) })).toEqual({ status: 429, body: web3(["Too Many Requests", "Requests per second rate limit exceeded", ""]) });
      const gas = handlerWith({ gasPerSecond: 30_000 });
      expect(await gas({ to: longZero(ID.reader), gas: 40_000 })).toEqual({ status: 429, body: web3(["Too Many Requests", "Gas per second rate limit exceeded.", ""]) });
    });

    it("stops a call past its time budget with 503", async () => {
      const spin = handlerWith({ timeoutMs: 1 });
      expect(await spin({ to: longZero(ID.spins), gas: 15_000_000 })).toEqual({ status: 503, body: web3(["Service Unavailable", "", ""]) });
    });

    it.each([
      ["a statement past its timeout", Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }), 503, "Service Unavailable"],
      ["any other failure", new Error("connection lost"), 500, "Internal Server Error"],
    ])("answers %s in upstream's 5xx body, details blanked", async (_name, failure, status, message) => {
      const broken: MirrorContext = { ...mirror, sql: async () => ({ query: async () => Promise.reject(failure) }) as unknown as Awaited<ReturnType<MirrorContext["sql"]>> };
      const response = await route(createContractCallHandler(broken, contractCallSettings({})))(
        new Request("http://localhost/api/v1/contracts/call", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ to: longZero(ID.reader) }) }),
      );
      expect([response.status, await response.json()]).toEqual([status, web3([message, "", ""])]);
    });

    it("answers CORS as upstream for /api/v1/contracts/**", async () => {
      const preflight = await serveInProcess(
        mirror,
        new Request("http://localhost/api/v1/contracts/call", { method: "OPTIONS", headers: { origin: "http://example.com", "access-control-request-method": "POST" } }),
      );
      expect([preflight.status, preflight.headers.get("access-control-allow-origin"), preflight.headers.get("access-control-allow-methods")]).toEqual([200, "*", "GET,HEAD,POST"]);
      const answer = await post({ to: longZero(ID.reader) }, { "content-type": "application/json", origin: "http://example.com" });
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      const failure = await post({ gas: 1 }, { "content-type": "application/json", origin: "http://example.com" });
      expect([failure.status, failure.headers.get("access-control-allow-origin")]).toEqual([400, "*"]);
    });
  });
});
