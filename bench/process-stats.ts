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

/**
 * How a process's main thread spent its time so far, in ms (/proc/<pid>/task/<pid>/schedstat):
 * running, and ready but waiting for a core (the load's share). Over an interval, the wall time
 * less both is the time it waited on nothing to do: timers, sockets, the database.
 */
export function mainThreadScheduleOf(pid: number) {
  const [ranNs, waitedNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8")
    .split(" ")
    .map(Number);
  return { ranMs: ranNs! / 1e6, waitedForCoreMs: waitedNs! / 1e6 };
}
