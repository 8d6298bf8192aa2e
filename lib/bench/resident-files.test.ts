import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { describeWith } from "../testing/describe-with";
import type { Requirement } from "../testing/requirements";
import { keepFilesResident } from "./resident-files";

const pythonOnLinux: Requirement = {
  what: "python3 with mmap and /proc/<pid>/maps (Linux)",
  met: fs.existsSync("/proc/self/maps") && spawnSync("python3", ["-c", "import mmap"]).status === 0,
};

const scratch: string[] = [];
afterEach(() => {
  for (const root of scratch.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resident-files-"));
  scratch.push(root);
  for (const [file, size] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), Buffer.alloc(size, 7));
  }
  return root;
}

/** The files under `root` that some process on the machine maps, from /proc/<pid>/maps. */
function mappedFilesUnder(root: string): Set<string> {
  const mapped = new Set<string>();
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let maps: string;
    try {
      maps = fs.readFileSync(`/proc/${pid}/maps`, "utf8");
    } catch {
      continue;
    }
    for (const line of maps.split("\n")) {
      const file = line.slice(line.indexOf("/"));
      if (line.includes("/") && file.startsWith(root)) mapped.add(path.relative(root, file));
    }
  }
  return mapped;
}

describeWith([pythonOnLinux], "keepFilesResident", () => {
  it("maps every non-empty file under the directory, subdirectories included, until released", async () => {
    const root = tree({ "16384": 20_000, "16384_fsm": 0, "sub/16390.1": 8192 });
    const resident = await keepFilesResident(root);
    try {
      expect(resident).toMatchObject({ files: 2, bytes: 28_192 });
      expect(mappedFilesUnder(root)).toEqual(new Set(["16384", path.join("sub", "16390.1")]));
    } finally {
      await resident.release();
    }
    expect(mappedFilesUnder(root)).toEqual(new Set());
    await resident.release();
  });

  it("rejects a directory without a readable file, and a helper that cannot run", async () => {
    await expect(keepFilesResident(path.join(os.tmpdir(), "resident-files-absent"))).rejects.toThrow(/found no readable file under/);
    await expect(keepFilesResident(tree({ empty: 0 }))).rejects.toThrow(/found no readable file under/);
    await expect(keepFilesResident(tree({ a: 10 }), "python3-absent")).rejects.toThrow(/could not run python3-absent/);
  });
});
