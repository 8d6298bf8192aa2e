import os from "node:os";

/** The machine a benchmark ran on: figures from another machine, or a busier moment, are not comparable. */
export type Machine = {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  /** 1, 5 and 15 minute load averages when read (0s where the platform has none). */
  loadAverage: [number, number, number];
};

export function describeMachine(): Machine {
  const cpus = os.cpus();
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    loadAverage: [one, five, fifteen],
  };
}

/** One line: cpu model, cores, memory, node version and load average. */
export function formatMachine(machine: Machine): string {
  const load = machine.loadAverage.map((value) => value.toFixed(2)).join(", ");
  return `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB, node ${machine.node}, load average ${load}`;
}

