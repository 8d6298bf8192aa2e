/** Where the end-to-end suites find the app; shared by playwright.config.ts, e2e/serve.ts and the specs. */
// E2E_PORT moves all the ports, so two checkouts can run their suites side by side.
const base = Number(process.env.E2E_PORT ?? 3210);
export const EMBEDDED_PORT = base;
export const CLUSTER_PORTS = [base + 1, base + 2] as const;
/** `npm start` and then `next start`, one after the other on one embedded database, for e2e/route-agreement.servers.spec.ts. */
export const AGREEMENT_PORTS = { app: base + 3, next: base + 4 } as const;
/** Server processes and the webhook receiver of e2e/notify-delivery.servers.spec.ts. */
export const NOTIFY_PORTS = { servers: [base + 5, base + 6], receiver: base + 7 } as const;
export const AGREEMENT_DATA_DIR = ".data/e2e-route-agreement";
/** Where the embedded server sends email (SMTP_URL); e2e/pages-subscriptions.spec.ts listens there with a real SMTP server. */
export const EMBEDDED_SMTP_PORT = base + 9;
/** A port nobody listens on: a webhook there fails at once (connection refused). */
export const UNREACHABLE_PORT = base + 8;
export const EMBEDDED_DATA_DIR = ".data/e2e";
export const CLUSTER_DATABASE_FILE = ".data/e2e-cluster-database-url";
/** The embedded test server's bootstrap manage-API key (ADMIN_API_KEY); meaningless anywhere else. */
export const E2E_ADMIN_API_KEY = "sk_e2e-admin-key-for-the-test-server-only";
