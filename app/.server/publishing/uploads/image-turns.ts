import { availableParallelism } from "node:os";
import { logger } from "../../core/logger";

type SharpModule = typeof import("sharp");

let loaded: Promise<SharpModule["default"]> | undefined;

/**
 * sharp, loaded on the first upload rather than at start (most instances never see one; it is
 * 17 MB resident). Its operation cache is off, so an image's pixels are not kept after its
 * upload, and libvips works on one core fewer than the machine has, leaving one to the requests.
 */
export function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(Math.max(1, availableParallelism() - 1));
    return sharp;
  });
  return loaded;
}

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
