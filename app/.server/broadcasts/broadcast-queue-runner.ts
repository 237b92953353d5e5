import type { ServiceDeps } from "../core/service-deps";
import { startPollLoop, type PollLoop } from "../core/poll-loop";
import { runBroadcastQueue } from "./broadcast-sending";

export type BroadcastQueueRunner = PollLoop;

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
  logger: {
    info(fields: Record<string, unknown>, message: string): void;
    error(fields: Record<string, unknown>, message: string): void;
  };
}): BroadcastQueueRunner {
  return startPollLoop({
    intervalMs,
    onError: (error) =>
      logger.error({ reply: (error as Error).message }, "broadcast queue: a round failed"),
    async round() {
      const queued = await runBroadcastQueue(deps);
      if (queued > 0) logger.info({ emails: queued }, "broadcasts: queued emails");
      return false;
    },
  });
}
