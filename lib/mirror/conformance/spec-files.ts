import fs from "node:fs";
import path from "node:path";
import { parseJsonExact } from "@/lib/http/json";
import { matrixVariants, type MatrixVariant } from "./matrix";

/**
 * Upstream's REST spec tests (mirror-specs.md §2), read from the shared
 * reference copy at run time and expanded into one run per matrix variant
 * (§5) and one case per requested URL, with the expectations that apply to
 * our implementation.
 */
export type SpecCase = {
  url: string;
  requestHeaders: Record<string, string>;
  status: number;
  /** The expected body: parsed exactly (integers as bigint), or the raw text of a non-JSON body. */
  body: unknown;
  /** Expected headers, names lower-cased; checked on 2xx responses only. */
  headers: Record<string, string>;
  /** Upstream REST config for this case: the spec's `setup.config` with the test's `config` merged in. */
  upstreamConfig: Record<string, unknown>;
  /** Whether the variant's own `responseJsonMatrix` expectation applies (it differs from the base run's). */
  variantExpectation: boolean;
};

export type SpecFile = {
  /** The spec's folder relative to its root, e.g. `network/supply` or `accounts/{id}`. */
  group: string;
  /** `<group>/<file>.json` */
  path: string;
  /** The matrix variant this run is (`base` for a spec without a matrix). */
  variant: string;
  /** The spec's setup, its `config` holding the variant's settings. */
  setup: Record<string, unknown>;
  /** Run after the setup is loaded. */
  postSetup?: string;
  cases: SpecCase[];
};

/** Which upstream implementation's expectations apply (`responseJsonMatrix.js|java`). */
export type Implementation = "js" | "java";

type SpecRoot = { dir: string; prefix: string };

/** Relative to the repository root, as the shared reference sits beside it. */
export const SPEC_ROOTS: readonly SpecRoot[] = [
  { dir: path.resolve(process.cwd(), "../shared/reference/mirror-specs"), prefix: "" },
  { dir: path.resolve(process.cwd(), "../shared/reference/mirror-specs-removed/network"), prefix: "network" },
];

const DEFAULT_HEADERS = { "cache-control": "public, max-age=1" };

/** Our /network endpoints follow upstream's Java module (rest-java); everything else its JS one. */
export function implementationOf(group: string): Implementation {
  return group === "network" || group.startsWith("network/") ? "java" : "js";
}

/** Whether `group` is selected by a filter like `network` or `accounts/{id}` (the group or a folder under it). */
export function groupMatches(group: string, filter: string | undefined): boolean {
  return !filter || group === filter || group.startsWith(`${filter}/`);
}

export function readSpecFiles(filter?: string, roots: readonly SpecRoot[] = SPEC_ROOTS): SpecFile[] {
  const files: SpecFile[] = [];
  for (const root of roots) {
    for (const file of listSpecFiles(root.dir)) {
      const relativeDir = path.relative(root.dir, path.dirname(file)).split(path.sep).join("/");
      const group = [root.prefix, relativeDir].filter(Boolean).join("/");
      if (!groupMatches(group, filter)) continue;
      files.push(...readSpecFile(root.dir, file, group));
    }
  }
  // Stable: a spec's variants keep the matrix's order, base first.
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function listSpecFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSpecFiles(full);
    return entry.name.endsWith(".json") && entry.name !== "responseHeaders.json" ? [full] : [];
  });
}

type RawTest = {
  url?: string;
  urls?: string[];
  responseStatus?: bigint;
  responseJson?: unknown;
  responseJsonMatrix?: Record<string, unknown>;
  responseHeaders?: Record<string, string>;
  responseHeadersMatrix?: Record<string, Record<string, string>>;
  requestHeaders?: Record<string, string>;
  config?: Record<string, unknown>;
};
type RawSpec = RawTest & { matrix?: unknown; setup?: Record<string, unknown>; tests?: RawTest[] };

function readSpecFile(rootDir: string, file: string, group: string): SpecFile[] {
  const spec = parseJsonExact(fs.readFileSync(file, "utf8")) as RawSpec;
  const inheritedHeaders = nearestResponseHeaders(rootDir, path.dirname(file));
  return matrixVariants(spec.matrix).map((variant) => readVariant(spec, variant, group, inheritedHeaders, `${group}/${path.basename(file)}`));
}

function readVariant(spec: RawSpec, variant: MatrixVariant, group: string, inheritedHeaders: Record<string, string>, specPath: string): SpecFile {
  const implementation = implementationOf(group);
  const setup = { ...spec.setup, config: deepMerge((spec.setup?.config as Record<string, unknown> | undefined) ?? {}, variant.config) };
  const tests = spec.tests ?? [spec];
  const cases = tests.flatMap((test) => {
    const urls = test.urls ?? (test.url === undefined ? [] : [test.url]);
    const plain = expectedBody(test.responseJson ?? spec.responseJson, test.responseJsonMatrix?.[implementation] ?? spec.responseJsonMatrix?.[implementation]);
    const ownExpectation = variant.responseKey === undefined ? undefined : (test.responseJsonMatrix?.[variant.responseKey] ?? spec.responseJsonMatrix?.[variant.responseKey]);
    const body = expectedBody(plain, ownExpectation);
    const headers = lowerCaseNames({
      ...inheritedHeaders,
      ...spec.responseHeaders,
      ...spec.responseHeadersMatrix?.[implementation],
      ...test.responseHeaders,
      ...test.responseHeadersMatrix?.[implementation],
    });
    const upstreamConfig = deepMerge(setup.config, test.config ?? {});
    return urls.map((url) => ({
      url,
      requestHeaders: test.requestHeaders ?? spec.requestHeaders ?? {},
      status: Number(test.responseStatus ?? spec.responseStatus),
      body,
      headers,
      upstreamConfig,
      variantExpectation: ownExpectation !== undefined,
    }));
  });
  return { group, path: specPath, variant: variant.name, setup, ...(variant.postSetup ? { postSetup: variant.postSetup } : {}), cases };
}

/** Upstream merges a matrix's expectation over the plain one, one level deep. */
function expectedBody(plain: unknown, variant: unknown): unknown {
  if (variant === undefined) return plain;
  if (isRecord(plain) && isRecord(variant)) return { ...plain, ...variant };
  return variant;
}

/** The nearest responseHeaders.json from the spec's folder up to its root, else upstream's default. */
function nearestResponseHeaders(rootDir: string, dir: string): Record<string, string> {
  for (let current = dir; ; current = path.dirname(current)) {
    const file = path.join(current, "responseHeaders.json");
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
    if (path.relative(rootDir, current) === "" || current === path.dirname(current)) return DEFAULT_HEADERS;
  }
}

function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function deepMerge(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isRecord(current) && isRecord(value) ? deepMerge(current, value) : value;
  }
  return merged;
}
