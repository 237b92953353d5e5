import { readFileSync, writeFileSync } from "node:fs";

/** CPU time the process has used (user and system), in ms: /proc/<pid>/stat counts clock ticks. */
export function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The most resident memory the process has held since it started (the kernel's high-water mark). */
export function peakResidentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Starts the process's high-water mark (`peakResidentMb`) again from what it holds now (Linux
 * 4.0 and later), so the peak of one task can be read.
 */
export function resetPeakResident(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
