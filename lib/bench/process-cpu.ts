import fs from "node:fs";
import { childrenOf } from "@/lib/fuzz/process-memory";

// The kernel's clock tick for /proc CPU times (USER_HZ): 100 on every Linux architecture Node runs on.
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process and all its descendants have used,
 * from /proc: a benchmarked server runs as a child of the process the bench
 * spawned (tsx's wrapper), so the tree is counted. Undefined where /proc
 * does not tell (another OS, a process gone). Descendants that already
 * exited are not counted: read it around a run of a server that keeps its
 * processes.
 */
export function processTreeCpuSeconds(pid: number): number | undefined {
  const own = processCpuTicks(pid);
  if (own === undefined) return undefined;
  let ticks = own;
  for (const child of childrenOf(pid)) ticks += (processTreeCpuSeconds(child) ?? 0) * TICKS_PER_SECOND;
  return ticks / TICKS_PER_SECOND;
}

function processCpuTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}
