/** Where the end-to-end suites find the app; shared by playwright.config.ts, e2e/serve.ts and the specs. */
export const EMBEDDED_PORT = 3210;
export const CLUSTER_PORTS = [3211, 3212] as const;
export const EMBEDDED_DATA_DIR = ".data/e2e";
export const CLUSTER_DATABASE_FILE = ".data/e2e-cluster-database-url";
/** The embedded test server's bootstrap manage-API key (ADMIN_API_KEY); meaningless anywhere else. */
export const E2E_ADMIN_API_KEY = "sk_e2e-admin-key-for-the-test-server-only";
