import { logger } from "../../core/logger";

let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/**
 * Runs `work` once every image before it on this instance is done: one decoded at a time, so a
 * few large uploads at once cannot take the memory of a few large images at once. The lines
 * logged say when each took its turn and ended (the tests read their order).
 */
export function inImageTurn<T>(label: string, work: () => Promise<T>): Promise<T> {
  waiting++;
  const turn = queue.then(async () => {
    waiting--;
    logger.info({ image: label, waiting }, "image processing started");
    try {
      return await work();
    } finally {
      logger.info({ image: label }, "image processing ended");
    }
  });
  queue = turn.catch(() => undefined);
  return turn;
}
