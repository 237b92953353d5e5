/**
 * Lets the event loop answer what is waiting (requests, timers) before a long job's next slice:
 * SQLite's driver answers synchronously, so without this a job's awaits never leave the loop.
 */
export function yieldToLoop() {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
