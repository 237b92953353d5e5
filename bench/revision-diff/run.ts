// `npm run bench:revision-diff`: the console's revision diff (publishing/revision-diff.ts) of a
// body of 3,000 and of 6,000 lines against a revision with a line changed in every 25 and a few
// added and removed, then against one with every line rewritten: wall time, CPU and the peak
// memory the diff added to the process (each case in a process of its own, so that one case's
// memory is not another's).
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { diffLines } from "../../app/.server/publishing/revision-diff";
import { peakResidentMb, resetPeakResident } from "../process-stats";

/** Two revisions of a long body: every 25th line reworded, every 200th dropped, one added per 300. */
function revisionsOf(lineCount: number) {
  const before = Array.from(
    { length: lineCount },
    (_, index) => `Line ${index}: a paragraph of a long article, as the editor keeps it.`,
  );
  const after: string[] = [];
  before.forEach((line, index) => {
    if (index % 200 === 199) return;
    after.push(index % 25 === 24 ? `${line} Reworded.` : line);
    if (index % 300 === 150) after.push(`A new line after ${index}.`);
  });
  return { before, after };
}

const rewritten = (lineCount: number) => {
  const { before } = revisionsOf(lineCount);
  return { before, after: before.map((line) => `${line} Rewritten.`) };
};

const cases = [
  [3_000, revisionsOf, "1 in 25 changed"],
  [6_000, revisionsOf, "1 in 25 changed"],
  [3_000, rewritten, "all rewritten"],
  [6_000, rewritten, "all rewritten"],
] as const;

const caseIndex = process.argv[2];
if (caseIndex === undefined) {
  for (const index of cases.keys()) {
    const child = fork(fileURLToPath(import.meta.url), [String(index)], {
      execArgv: process.execArgv,
    });
    await new Promise((resolve) => child.once("exit", resolve));
  }
} else {
  const [lineCount, revisions, edit] = cases[Number(caseIndex)]!;
  const { before, after } = revisions(lineCount);
  global.gc?.();
  resetPeakResident(process.pid);
  const heldMb = peakResidentMb(process.pid);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const lines = diffLines(before, after);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const changed = lines.filter((line) => line.kind !== "same").length;
  console.log(
    `${lineCount} lines, ${edit}: ${ms.toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms), ` +
      `peak memory +${Math.max(0, peakResidentMb(process.pid) - heldMb).toFixed(0)} MB, ${changed} lines changed, ` +
      `load average ${loadavg()[0]!.toFixed(1)}`,
  );
}
