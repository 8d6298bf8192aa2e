import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";
import { z } from "zod";
import { artifactSchema, type Artifact } from "./artifacts";

/**
 * The demo ledger's Solidity contracts and their compiled artifacts. The
 * artifacts are committed because solc-js takes seconds and hundreds of MB to
 * compile; `compileContracts` recompiles the sources with the pinned compiler
 * and settings, which must reproduce them byte for byte.
 */
const DIR = join(process.cwd(), "lib/seed/mirror/contracts");
const SOURCES_DIR = join(DIR, "sources");
export const ARTIFACTS_DIR = join(DIR, "artifacts");

/** Cancun, so that the contracts run on the EVMs the mirror's calls will use; the optimizer fixed, as the bytes depend on it. */
const COMPILER_SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object", "storageLayout"] } },
} as const;

const outputSchema = z.object({
  errors: z.array(z.object({ severity: z.string(), formattedMessage: z.string() })).optional(),
  contracts: z
    .record(
      z.string(),
      z.record(
        z.string(),
        z.object({
          abi: artifactSchema.shape.abi,
          evm: z.object({ bytecode: z.object({ object: z.string() }), deployedBytecode: z.object({ object: z.string() }) }),
          storageLayout: artifactSchema.shape.storageLayout,
        }),
      ),
    )
    .default({}),
});

/** Source file names, sorted: each holds the contract of the same name. */
export function sourceNames(): string[] {
  return readdirSync(SOURCES_DIR)
    .filter((name) => name.endsWith(".sol"))
    .sort();
}

/** Compiles every source with the pinned solc; each artifact serialized as committed. */
export function compileContracts(): Map<string, string> {
  const sources = Object.fromEntries(sourceNames().map((name) => [name, { content: readFileSync(join(SOURCES_DIR, name), "utf8") }]));
  const input = { language: "Solidity", sources, settings: COMPILER_SETTINGS };
  const output = outputSchema.parse(JSON.parse(solc.compile(JSON.stringify(input)) as string));
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(`solc: ${errors.map((error) => error.formattedMessage).join("\n")}`);
  const artifacts = new Map<string, string>();
  for (const sourceName of Object.keys(sources)) {
    const contractName = sourceName.replace(/\.sol$/, "");
    const compiled = output.contracts[sourceName]?.[contractName];
    if (!compiled) throw new Error(`solc: ${sourceName} has no contract ${contractName}`);
    const artifact: Artifact = {
      contractName,
      sourceName,
      compiler: `solc ${solc.version() as string}`,
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
      storageLayout: compiled.storageLayout,
    };
    artifacts.set(`${contractName}.json`, `${JSON.stringify(artifact, null, 2)}\n`);
  }
  return artifacts;
}
