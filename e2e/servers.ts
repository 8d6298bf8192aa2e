/** Where the end-to-end suites find the app; shared by playwright.config.ts, e2e/serve.ts and the specs. */
// E2E_PORT moves all the ports, so two checkouts can run their suites side by side.
const base = Number(process.env.E2E_PORT ?? 3210);
export const EMBEDDED_PORT = base;
export const CLUSTER_PORTS = [base + 1, base + 2] as const;
/** `npm start` and then `next start`, one after the other on one embedded database, for e2e/route-agreement.servers.spec.ts. */
export const AGREEMENT_PORTS = { app: base + 3, next: base + 4 } as const;
export const AGREEMENT_DATA_DIR = ".data/e2e-route-agreement";
export const EMBEDDED_DATA_DIR = ".data/e2e";
export const CLUSTER_DATABASE_FILE = ".data/e2e-cluster-database-url";
/** The embedded test server's bootstrap manage-API key (ADMIN_API_KEY); meaningless anywhere else. */
export const E2E_ADMIN_API_KEY = "sk_e2e-admin-key-for-the-test-server-only";
