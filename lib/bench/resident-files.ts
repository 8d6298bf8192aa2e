import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";

/**
 * Keeps a directory's files in the page cache while a benchmark runs.
 *
 * Some kernels reclaim file pages that no process maps once they have gone
 * unread for a while (DAMON's `pageout` scheme with an `unmapped` filter, as
 * on this project's development machines: 60 s). PostgreSQL reads its files
 * with pread and maps none of them, so a database read at random and larger
 * than what stays hot drifts out of the page cache, and the benchmark then
 * measures the disk. A file page that some process maps is not reclaimed by
 * such a scheme, so a helper maps every file of the directory read-only for
 * the length of the run: Node cannot map a file itself, Python's mmap can.
 * The pages stay shared with PostgreSQL's own reads; nothing is copied.
 */
const MAP_FILES = `
import mmap, os, sys
total = files = 0
maps = []
for root, _, names in os.walk(sys.argv[1]):
    for name in names:
        try:
            fd = os.open(os.path.join(root, name), os.O_RDONLY)
        except OSError:
            continue
        try:
            size = os.fstat(fd).st_size
            if size > 0:
                maps.append(mmap.mmap(fd, size, mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0), mmap.PROT_READ))
                total += size
                files += 1
        finally:
            os.close(fd)
print(files, total, flush=True)
sys.stdin.read()
`;

export type ResidentFiles = { files: number; bytes: number; release: () => Promise<void> };

/**
 * Maps every file under `directory` until release() (or this process's exit,
 * which closes the helper's stdin). Rejects, saying why, when the helper
 * cannot run (no python3) or cannot read the directory.
 */
export async function keepFilesResident(directory: string, python = "python3"): Promise<ResidentFiles> {
  const child = spawn(python, ["-c", MAP_FILES, directory], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.once("error", (error) => reject(new Error(`could not run ${python}: ${error.message}`)));
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      lines.close();
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`${python} exited with code ${code} mapping ${directory}: ${stderr.trim() || "no output"}`)));
  });
  const [files, bytes] = (await firstLine).trim().split(/\s+/).map(Number);
  if (!files) {
    child.kill();
    throw new Error(`found no readable file under ${directory}`);
  }
  return {
    files,
    bytes: bytes ?? 0,
    release: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.stdin.end();
      await exited;
    },
  };
}
