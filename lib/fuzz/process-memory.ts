import fs from "node:fs";

/**
 * Resident memory of a process and its descendants, in bytes (Linux /proc):
 * `npm start` and the fuzzer's own server run the app under a small launcher
 * process, so the tree is what the server costs. Undefined where /proc does
 * not tell (another OS, a process gone).
 */
export function treeRssBytes(pid: number): number | undefined {
  const own = rssBytes(pid);
  if (own === undefined) return undefined;
  return childrenOf(pid).reduce((sum, child) => sum + (treeRssBytes(child) ?? 0), own);
}

function rssBytes(pid: number): number | undefined {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

/** The pids of a process's children (Linux /proc), none where it does not tell. */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter((text) => text !== "")
      .map(Number);
  } catch {
    return [];
  }
}
