export type PollLoop = {
  /** Runs a round now instead of at the next interval (or right after the one running). */
  wake(): void;
  /** Stops scheduling rounds; resolves once the round running (if any) has finished. */
  stop(): Promise<void>;
};

/**
 * Runs `round` at start, every `intervalMs`, and at once when woken or when a round says there is
 * more to do; a round that returns a number of milliseconds runs again after that long instead (a
 * throttle's next token), unless the interval comes first. One round at a time: a wake during a
 * round runs another right after it. A round that throws is reported and retried at the next
 * interval.
 */
export function startPollLoop({
  round,
  intervalMs,
  onError,
}: {
  /**
   * Resolves true when more work is waiting (a full batch), to go again without waiting, or with
   * the milliseconds until work is due.
   */
  round: () => Promise<boolean | number>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): PollLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = round()
      .then(
        (more) => more,
        (error: unknown): boolean | number => {
          onError(error);
          return false;
        },
      )
      .then((more) => {
        running = undefined;
        if (again || more === true) schedule(0);
        else if (typeof more === "number") schedule(Math.min(Math.max(0, more), intervalMs));
        else schedule(intervalMs);
      });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
