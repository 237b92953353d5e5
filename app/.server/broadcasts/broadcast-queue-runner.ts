import type { ServiceDeps } from "../core/service-deps";
import { runBroadcastQueue } from "./broadcast-sending";

export type BroadcastQueueRunner = {
  /** Runs a round now (a broadcast was just sent) instead of at the next interval. */
  wake(): void;
  stop(): Promise<void>;
};

/**
 * Runs the broadcast queue's round at start (resuming queueing a crash or deploy cut short) and
 * every `intervalMs` (scheduled broadcasts, finished ones). One round at a time per process;
 * several processes are safe (see queueBroadcast).
 */
export function startBroadcastQueue({
  deps,
  intervalMs,
  logger,
}: {
  deps: Pick<ServiceDeps, "db" | "clock" | "config" | "outbox">;
  intervalMs: number;
  logger: { info(message: string): void; error(message: string): void };
}): BroadcastQueueRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(round, delayMs);
  }

  function round() {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = runBroadcastQueue(deps)
      .then((queued) => {
        if (queued > 0) logger.info(`Broadcasts: queued ${queued} emails`);
      })
      .catch((error: unknown) => logger.error(`Broadcast queue: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : intervalMs);
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
