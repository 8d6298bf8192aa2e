/** Where the end-to-end suites find the app; shared by playwright.config.ts, e2e/serve.ts and the specs. */
export const EMBEDDED_PORT = 3210;
export const CLUSTER_PORTS = [3211, 3212] as const;
export const EMBEDDED_DATA_DIR = ".data/e2e";
export const CLUSTER_DATABASE_FILE = ".data/e2e-cluster-database-url";
