/**
 * A long job's pace: after each slice the event loop is left to requests at least as long as the
 * slice took (SQLite's driver answers synchronously, so a job's awaits alone never leave the loop),
 * so requests keep half the time or more. One turn (setImmediate) is not enough: a request takes
 * several turns, and each would wait a whole slice (bench/results/2026-12-07-import.md).
 */
export function jobPace() {
  let resumed = performance.now();
  return async () => {
    const worked = performance.now() - resumed;
    await new Promise((resolve) => setTimeout(resolve, Math.min(worked, 1_000)));
    resumed = performance.now();
  };
}
