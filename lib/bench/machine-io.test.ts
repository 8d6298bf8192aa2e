import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diskBytesRead, machinePageOutAfterSeconds, pageOutAfterSeconds, sectorsRead } from "./machine-io";

const scratch: string[] = [];
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "machine-io-"));
  scratch.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of scratch.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("disk reads", () => {
  it("reads the sectors-read field of a block device's stat line", () => {
    expect(sectorsRead("   15339        0  1046178     4507    12110     9020   441298     8671        0    12376    13178")).toBe(1046178);
    expect(() => sectorsRead("")).toThrow(/not a block device stat line/);
  });

  it("sums the disks, leaving out devices that would count a read twice or never touch a disk", () => {
    const line = (sectors: number) => `1 0 ${sectors} 0 0 0 0 0 0 0 0\n`;
    const root = tree({ "vda/stat": line(100), "nvme0n1/stat": line(20), "loop0/stat": line(1000), "dm-0/stat": line(1000), "ram0/stat": line(1000) });
    expect(diskBytesRead(root)).toBe(120 * 512);
  });

  it("is undefined where the kernel does not tell", () => {
    expect(diskBytesRead(path.join(os.tmpdir(), "no-such-sys-block"))).toBeUndefined();
  });
});

describe("DAMON page-out", () => {
  it("is the shortest idle time after which a running kdamond's pageout scheme acts", () => {
    const pageout = (minAgeIntervals: number) => ({ action: "pageout", minAgeIntervals });
    expect(pageOutAfterSeconds([{ running: true, aggregationMicros: 5_000_000, schemes: [pageout(12), { action: "stat", minAgeIntervals: 1 }] }])).toBe(60);
    expect(pageOutAfterSeconds([{ running: false, aggregationMicros: 5_000_000, schemes: [pageout(12)] }])).toBeUndefined();
    expect(pageOutAfterSeconds([{ running: true, aggregationMicros: 100_000, schemes: [{ action: "lru_prio", minAgeIntervals: 1 }] }])).toBeUndefined();
    expect(pageOutAfterSeconds([])).toBeUndefined();
  });

  it("reads the kdamonds from sysfs", () => {
    const context = "0/contexts/0";
    const root = tree({
      "nr_kdamonds": "1",
      "0/state": "on\n",
      [`${context}/monitoring_attrs/intervals/aggr_us`]: "5000000\n",
      [`${context}/schemes/0/action`]: "pageout\n",
      [`${context}/schemes/0/access_pattern/age/min`]: "12\n",
    });
    expect(machinePageOutAfterSeconds(root)).toBe(60);
    fs.writeFileSync(path.join(root, "0/state"), "off\n");
    expect(machinePageOutAfterSeconds(root)).toBeUndefined();
    expect(machinePageOutAfterSeconds(path.join(root, "missing"))).toBeUndefined();
  });
});
