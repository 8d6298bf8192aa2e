import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { serverEnv } from "../lib/server/ensure-build";
import { readWithSdk, SDK_CHECK_ACCOUNT } from "../lib/server/sdk-check";
import { serveCommandArgs } from "../lib/server/serve-command";

/**
 * The JS SDK, unchanged, against the served app: `--sdk-ports` makes the app
 * answer on the ports the SDK picks for a local network. The SDK's readings
 * must equal what the app's own HTTP API says. SDK_CHECK_RUNNING=1 checks a
 * server you started (`npm start -- --sdk-ports`) instead of starting one.
 */
const REST = "http://127.0.0.1:5551";
const DATA_DIR = ".data/e2e-sdk";
let child: ChildProcess | undefined;
/** What the spawned server printed on stdout. */
let printed = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (process.env.SDK_CHECK_RUNNING !== "1") {
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    // Port 0 for the main listener: only the SDK's fixed ports are used here.
    child = spawn(process.execPath, [...serveCommandArgs(0), "--sdk-ports"], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...serverEnv, DATA_DIR, DATABASE_URL: "", MIRROR_DATABASE_URL: "", LOG_LEVEL: "silent" },
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      process.stdout.write(chunk);
    });
  }
  await expect
    .poll(async () => (await fetch(`${REST}/api/health/ready`).catch(() => null))?.status, { timeout: 170_000, intervals: [1_000] })
    .toBe(200);
});

test.afterAll(async () => {
  if (!child) return;
  const exited = new Promise((resolve) => child!.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

test("FeeEstimateQuery, MirrorNodeAccountBalanceQuery, populateAccountEvmAddress and RegisteredNodeAddressBookQuery read the app", async ({ request }) => {
  test.setTimeout(60_000);
  const sdk = await readWithSdk();

  const estimate = await request.post(`${REST}/api/v1/network/fees?mode=STATE`, {
    headers: { "content-type": "application/protobuf" },
    data: Buffer.from(sdk.transactionHex, "hex"),
  });
  const fee = (await estimate.json()) as { total: number; node: { base: number }; notes?: string[] };
  expect(fee.notes).toBeUndefined();
  expect([sdk.feeTotal, sdk.feeNode]).toEqual([String(fee.total), String(fee.node.base)]);

  const balances = (await (await request.get(`${REST}/api/v1/balances?account.id=${SDK_CHECK_ACCOUNT}`)).json()) as { balances: Array<{ balance: number }> };
  expect(sdk.balanceTinybars).toBe(String(balances.balances[0]!.balance));
  expect(BigInt(sdk.balanceTinybars)).toBeGreaterThan(0n);

  const account = (await (await request.get(`${REST}/api/v1/accounts/${SDK_CHECK_ACCOUNT}`)).json()) as { evm_address: string };
  expect(`0x${sdk.evmAddress}`).toBe(account.evm_address);

  const registered = (await (await request.get(`${REST}/api/v1/network/registered-nodes`)).json()) as { registered_nodes: Array<{ registered_node_id: number }> };
  expect(sdk.registeredNodeIds).toEqual(registered.registered_nodes.map((node) => String(node.registered_node_id)));
  expect(sdk.registeredNodeIds.length).toBeGreaterThan(0);
});

test("starting and serving the fee page print no protobufjs patch notice", async ({ request }) => {
  test.skip(!child, "the output of a server started elsewhere cannot be read");
  expect((await request.get(`${REST}/fees?example=token-transfer&mode=STATE`)).status()).toBe(200);
  expect(printed).toContain("for the JS SDK");
  expect(printed).not.toContain("Patching Protobuf");
});
