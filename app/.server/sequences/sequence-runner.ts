import { startPollLoop, type PollLoop } from "../core/poll-loop";
import type { ServiceDeps } from "../core/service-deps";
import { runSequencePass } from "./sequence-pass";

/** The pass every `intervalMs` (a minute): queues due steps and wakes the outbox. */
export function startSequenceRunner({
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
}): PollLoop {
  return startPollLoop({
    intervalMs,
    round: async () => {
      const { queued, more } = await runSequencePass(deps);
      if (queued > 0) {
        logger.info({ queued }, "sequences: queued due steps");
        deps.outbox.wake();
      }
      return more;
    },
    onError: (error) =>
      logger.error({ reply: (error as Error).message }, "sequences: a pass failed"),
  });
}
