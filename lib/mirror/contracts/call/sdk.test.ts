import { createServer, type Server } from "node:http";
import net from "node:net";
import { AccountId, Client, ContractFunctionParameters, ContractId, MirrorNodeContractCallQuery, MirrorNodeContractEstimateQuery } from "@hiero-ledger/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open";
import { migrate } from "@/lib/db/migrator";
import { readMigrations } from "@/lib/db/migrations";
import { DEFAULT_MIRROR_CONFIG } from "@/lib/mirror/config";
import type { MirrorContext } from "@/lib/mirror/context";
import { bindOnce } from "@/lib/routes/bind";
import { createDispatcher } from "@/lib/routes/dispatch";
import { ROUTES } from "@/lib/routes/table";
import { ARTIFACTS, hexBytes } from "@/lib/seed/mirror/contracts/artifacts";
import { seedMirrorData } from "@/lib/seed/mirror/index";
import { SHOWCASE } from "@/lib/seed/mirror/showcase";
import { createRequestListener } from "@/lib/server/request-listener";
import { listenOnSdkPorts, SDK_PORTS } from "@/lib/server/sdk-ports";
import { describeWith } from "@/lib/testing/describe-with";
import type { Requirement } from "@/lib/testing/requirements";

/**
 * The JS SDK's `MirrorNodeContractCallQuery` and
 * `MirrorNodeContractEstimateQuery`, unchanged, against the app's route
 * table served over HTTP on the SDK's local-node ports (`--sdk-ports`): for a
 * loopback mirror network the SDK posts to 127.0.0.1:8545/api/v1/contracts/call.
 * The ports are fixed, so a port in use fails the suite under CI and skips it
 * elsewhere, naming the port.
 */
async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(true));
    probe.listen({ port, host: "127.0.0.1" }, () => probe.close(() => resolve(false)));
  });
}

const busy = (await Promise.all(SDK_PORTS.map(async ({ port }) => ((await portInUse(port)) ? port : undefined)))).filter((port) => port !== undefined);
const SDK_PORTS_FREE: Requirement = { what: `the JS SDK's local-node ports: ${busy.join(", ")} in use on 127.0.0.1`, met: busy.length === 0 };

const NOW = new Date("2026-11-22T12:00:00.500Z");
const hex = (value: bigint | number, digits = 64) => BigInt(value).toString(16).padStart(digits, "0");

describeWith([SDK_PORTS_FREE], "the JS SDK's contract queries on the SDK ports", () => {
  let db: Database;
  let server: Server;
  let stopSdkPorts: () => Promise<void>;
  let base: string;
  let client: Client;

  beforeAll(async () => {
    db = await openDatabase({ kind: "pglite", dataDir: null });
    await migrate(db.sql, readMigrations());
    await seedMirrorData(db, { now: NOW, scale: 1 });
    const mirror: MirrorContext = { sql: async () => db.sql, config: DEFAULT_MIRROR_CONFIG, now: () => BigInt(NOW.getTime()) * 1_000_000n };
    const dispatch = createDispatcher(ROUTES);
    const bind = bindOnce(mirror);
    server = createServer(
      createRequestListener((method, pathname) => dispatch(method, pathname, bind), (_request, reply) => {
        reply.writeHead(404).end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    stopSdkPorts = await listenOnSdkPorts(server);
    client = Client.forLocalNode();
  }, 120_000);

  afterAll(async () => {
    client?.close();
    await stopSdkPorts?.();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  /** The same call straight over HTTP, on the app's own port. */
  async function direct(body: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${base}/api/v1/contracts/call`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: string }).result;
  }

  async function demoToken(): Promise<{ id: bigint; holders: string[] }> {
    const [contract] = await db.sql.query<{ id: bigint }>("SELECT id FROM contract WHERE runtime_bytecode = $1", [hexBytes(ARTIFACTS.DemoToken.deployedBytecode)]);
    // Transfer(address,address,uint256): the receivers are topic 2.
    const logs = await db.sql.query<{ topic2: Uint8Array }>("SELECT DISTINCT topic2 FROM contract_log WHERE contract_id = $1 AND topic2 IS NOT NULL", [contract!.id]);
    return { id: contract!.id, holders: logs.map((log) => `0x${Buffer.from(log.topic2).toString("hex").slice(-40)}`) };
  }

  it("MirrorNodeContractCallQuery reads DemoToken's name and balanceOf as a direct call does", async () => {
    const { id, holders } = await demoToken();
    const contract = ContractId.fromString(`0.0.${id}`);
    const name = await new MirrorNodeContractCallQuery().setContractId(contract).setFunction("name", new ContractFunctionParameters()).execute(client);
    expect(name).toBe(await direct({ to: `0x${hex(id, 40)}`, data: `0x06fdde03` }));
    let held = 0n;
    for (const holder of holders.slice(0, 5)) {
      const balance = await new MirrorNodeContractCallQuery()
        .setContractId(contract)
        .setFunction("balanceOf", new ContractFunctionParameters().addAddress(holder))
        .execute(client);
      expect(balance).toBe(await direct({ to: `0x${hex(id, 40)}`, data: `0x70a08231${holder.slice(2).padStart(64, "0")}` }));
      held += BigInt(balance);
    }
    expect(held).toBeGreaterThan(0n);
  });

  it("MirrorNodeContractCallQuery reads an HTS token's balance through its facade", async () => {
    const [relation] = await db.sql.query<{ account_id: bigint; balance: bigint }>(
      "SELECT account_id, balance FROM token_account WHERE token_id = $1 AND balance > 0 ORDER BY account_id LIMIT 1",
      [SHOWCASE.token.num],
    );
    const balance = await new MirrorNodeContractCallQuery()
      .setContractId(ContractId.fromString(`0.0.${SHOWCASE.token.num}`))
      .setFunction("balanceOf", new ContractFunctionParameters().addAddress(hex(relation!.account_id, 40)))
      .execute(client);
    expect(BigInt(balance)).toBe(relation!.balance);
  });

  it("MirrorNodeContractEstimateQuery estimates a DemoToken transfer as a direct estimate does", async () => {
    const { id, holders } = await demoToken();
    const contract = ContractId.fromString(`0.0.${id}`);
    const [rich] = await db.sql.query<{ sender_id: bigint }>("SELECT sender_id FROM contract_result WHERE contract_id = $1 ORDER BY consensus_timestamp LIMIT 1", [id]);
    const sender = AccountId.fromString(`0.0.${rich!.sender_id}`);
    const estimate = await new MirrorNodeContractEstimateQuery()
      .setContractId(contract)
      .setSender(sender)
      .setFunction("transfer", new ContractFunctionParameters().addAddress(holders[0]!).addUint256(0))
      .execute(client);
    const data = `0xa9059cbb${holders[0]!.slice(2).padStart(64, "0")}${hex(0)}`;
    expect(estimate).toBe(Number(BigInt(await direct({ to: `0x${hex(id, 40)}`, from: `0x${sender.toEvmAddress()}`, data, estimate: true }))));
    expect(estimate).toBeGreaterThan(21_000);
  });
});
