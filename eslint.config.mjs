import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import manageWrites from "./eslint-rules/manage-writes.mjs";

/**
 * Dependencies point one way, app/ -> components/ -> lib/, and test support
 * (a `testing/` folder, a `*.test.ts`) serves tests and tools only. Each
 * pattern catches the alias (`@/app/…`) and relative escapes (`../../app/…`).
 */
const UP_TO_APP = { regex: "^(@/|(\\.\\./)+)app(/|$)", message: "app/ is the top layer: components/ and lib/ may not import from it (move the code under lib/)." };
const UP_TO_COMPONENTS = { regex: "^(@/|(\\.\\./)+)components(/|$)", message: "lib/ may not import from components/: move the shared code under lib/." };
const TEST_SUPPORT = {
  regex: "(^|/)testing(/|$)|\\.test(\\.ts)?$",
  message: "Test support (a testing/ folder, a *.test.ts) serves tests and tools only, never production code.",
};

/** Tests, test support, and the command-line tools that drive tests and measurements. */
const TESTS_AND_TOOLS = ["**/*.test.ts", "**/testing/**", "**/bench*.ts", "**/bench/**", "lib/fuzz/**", "lib/mirror/conformance/**"];

/** The console and the pages write through the manage API (key, scope, write limit), never by calling a verb with an actor of their own. */
const MANAGE_VERBS = {
  regex: "^(@/lib/|(\\.\\./)+)status/manage/(?!(routes|authenticate)$)",
  message: "Write through the manage API (manageApi in lib/status/manage/routes.ts, as lib/pages/admin-manage.ts does), not a verb called directly.",
};

/** What each layer may not import: always, and in production code (tests and tools excepted). */
const LAYERS = [
  { folder: "app", forbidden: [], inProduction: [TEST_SUPPORT, MANAGE_VERBS] },
  { folder: "components", forbidden: [UP_TO_APP], inProduction: [TEST_SUPPORT, MANAGE_VERBS] },
  { folder: "lib", forbidden: [UP_TO_APP, UP_TO_COMPONENTS], inProduction: [TEST_SUPPORT] },
  // Later entries win for the files they match.
  { folder: "lib/pages", forbidden: [UP_TO_APP, UP_TO_COMPONENTS], inProduction: [TEST_SUPPORT, MANAGE_VERBS] },
];

const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const dependencyRules = LAYERS.flatMap(({ folder, forbidden, inProduction }) => [
  { files: [`${folder}/**/*.{ts,tsx,mjs}`], rules: restrict([...forbidden, ...inProduction]) },
  // A file matching both globs of an inner array: a test or tool of this layer.
  { files: TESTS_AND_TOOLS.map((glob) => [`${folder}/**/*.{ts,tsx,mjs}`, glob]), rules: restrict(forbidden) },
]);

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  ...dependencyRules,
  {
    files: ["lib/status/manage/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { house: manageWrites },
    rules: {
      "house/manage-write": ["error", { transactionModule: "lib/status/manage/transaction.ts", rawSqlModules: ["lib/status/manage/rate-limit.ts"] }],
    },
  },
  globalIgnores([".next/**", ".data/**", ".reports/**", "node_modules/**", "lib/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
]);
