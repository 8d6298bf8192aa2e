import { z } from "zod";

/** The knobs of the opcode trace routes, per instance, from the environment. */
export type OpcodeSettings = {
  /** Upstream `hiero.mirror.web3.opcode.tracer.enabled`: off answers 404. */
  readonly enabled: boolean;
  /** Upstream `hiero.mirror.web3.throttle.opcodeRequestsPerSecond`. */
  readonly requestsPerSecond: number;
};

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

const environment = z.object({
  CONTRACT_OPCODES_ENABLED: flag.optional(),
  CONTRACT_OPCODES_REQUESTS_PER_SECOND: z.coerce.number().positive().default(1),
  DATABASE_URL: z.string().optional(),
  MIRROR_DATABASE_URL: z.string().optional(),
});

/**
 * Off by default as upstream, except on the embedded demo database (no
 * `DATABASE_URL`, no `MIRROR_DATABASE_URL`), whose demo contracts are there to be traced.
 */
export function opcodeSettings(env: Record<string, string | undefined> = process.env): OpcodeSettings {
  const parsed = environment.parse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== "")));
  const demo = parsed.DATABASE_URL === undefined && parsed.MIRROR_DATABASE_URL === undefined;
  return { enabled: parsed.CONTRACT_OPCODES_ENABLED ?? demo, requestsPerSecond: parsed.CONTRACT_OPCODES_REQUESTS_PER_SECOND };
}
