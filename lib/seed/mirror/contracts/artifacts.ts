import demoToken from "./artifacts/DemoToken.json" with { type: "json" };
import htsReader from "./artifacts/HtsReader.json" with { type: "json" };
import reverter from "./artifacts/Reverter.json" with { type: "json" };
import storage from "./artifacts/Storage.json" with { type: "json" };
import { z } from "zod";

const storageEntry = z.object({ label: z.string(), slot: z.string(), offset: z.number(), type: z.string() });

export const artifactSchema = z.object({
  contractName: z.string(),
  sourceName: z.string(),
  compiler: z.string(),
  abi: z.array(z.record(z.string(), z.unknown())),
  /** Init code (creation bytecode), 0x hex. */
  bytecode: z.string().regex(/^0x[0-9a-f]+$/),
  /** Runtime code, 0x hex. */
  deployedBytecode: z.string().regex(/^0x[0-9a-f]+$/),
  storageLayout: z.object({ storage: z.array(storageEntry), types: z.record(z.string(), z.unknown()).nullable() }),
});

export type Artifact = z.infer<typeof artifactSchema>;

/** The committed artifacts of the demo contracts (compile.test.ts keeps them equal to what solc compiles). */
export const ARTIFACTS = {
  DemoToken: artifactSchema.parse(demoToken),
  HtsReader: artifactSchema.parse(htsReader),
  Reverter: artifactSchema.parse(reverter),
  Storage: artifactSchema.parse(storage),
} as const satisfies Record<string, Artifact>;

export function hexBytes(hex: string): Buffer {
  return Buffer.from(hex.replace(/^0x/, ""), "hex");
}
