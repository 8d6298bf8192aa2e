import fs from "node:fs";
import path from "node:path";

/**
 * What the machine read from its disks while a benchmark ran, and whether it
 * evicts idle memory on its own. A run that reads the disk measures the disk:
 * with these, a report says so instead of leaving it to guesswork.
 */

const SYS_BLOCK = "/sys/block";
const DAMON_ADMIN = "/sys/kernel/mm/damon/admin/kdamonds";
const SECTOR_BYTES = 512;
/** Virtual devices that would count a read twice (device mapper, loop files) or never touch a disk (RAM disks). */
const NOT_A_DISK = /^(loop|ram|zram|dm-|md)/;

/** Sectors read, the third field of a /sys/block/<device>/stat line (Documentation/block/stat.rst). */
export function sectorsRead(statLine: string): number {
  const sectors = Number(statLine.trim().split(/\s+/)[2]);
  if (!Number.isFinite(sectors)) throw new Error(`not a block device stat line: ${JSON.stringify(statLine)}`);
  return sectors;
}

/** Bytes read so far from the machine's disks; undefined where the kernel does not tell (not Linux, no sysfs). */
export function diskBytesRead(root = SYS_BLOCK): number | undefined {
  let devices: string[];
  try {
    devices = fs.readdirSync(root).filter((device) => !NOT_A_DISK.test(device));
  } catch {
    return undefined;
  }
  let sectors = 0;
  for (const device of devices) {
    try {
      sectors += sectorsRead(fs.readFileSync(path.join(root, device, "stat"), "utf8"));
    } catch {
      // a device that went away or has no stat file
    }
  }
  return sectors * SECTOR_BYTES;
}

/** A DAMON scheme as sysfs describes it: its action, and the least age (in aggregation intervals) of memory it acts on. */
export type DamonScheme = { action: string; minAgeIntervals: number };

/**
 * How long memory must stay unread before the kernel's DAMON pages it out,
 * in seconds, when a running kdamond has a `pageout` scheme; else undefined.
 * Such a machine drops file pages no one read lately from the page cache
 * (those no process maps, on this project's machines), so a dataset read at
 * random and larger than what stays hot is read from disk unless it is kept
 * mapped (resident-files.ts).
 */
export function pageOutAfterSeconds(kdamonds: ReadonlyArray<{ running: boolean; aggregationMicros: number; schemes: readonly DamonScheme[] }>): number | undefined {
  const idleSeconds = kdamonds
    .filter((kdamond) => kdamond.running)
    .flatMap((kdamond) => kdamond.schemes.filter((scheme) => scheme.action === "pageout").map((scheme) => (scheme.minAgeIntervals * kdamond.aggregationMicros) / 1e6));
  return idleSeconds.length > 0 ? Math.min(...idleSeconds) : undefined;
}

/** This machine's DAMON page-out delay (pageOutAfterSeconds), read from sysfs. */
export function machinePageOutAfterSeconds(root = DAMON_ADMIN): number | undefined {
  const read = (...parts: string[]) => fs.readFileSync(path.join(root, ...parts), "utf8").trim();
  const numbered = (...parts: string[]) => {
    try {
      return fs.readdirSync(path.join(root, ...parts)).filter((name) => /^\d+$/.test(name));
    } catch {
      return [];
    }
  };
  try {
    const kdamonds = numbered().map((kdamond) => {
      const contexts = numbered(kdamond, "contexts");
      return {
        running: read(kdamond, "state") === "on",
        // One context per kdamond is what the kernel supports today; the longest interval errs toward "later".
        aggregationMicros: Math.max(0, ...contexts.map((context) => Number(read(kdamond, "contexts", context, "monitoring_attrs", "intervals", "aggr_us")))),
        schemes: contexts.flatMap((context) =>
          numbered(kdamond, "contexts", context, "schemes").map((scheme) => ({
            action: read(kdamond, "contexts", context, "schemes", scheme, "action"),
            minAgeIntervals: Number(read(kdamond, "contexts", context, "schemes", scheme, "access_pattern", "age", "min")),
          })),
        ),
      };
    });
    return pageOutAfterSeconds(kdamonds);
  } catch {
    return undefined;
  }
}
