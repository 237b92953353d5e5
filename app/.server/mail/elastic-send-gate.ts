/**
 * How many emails go to the SMTP pool at once. SMTP carries one message per connection at a time
 * (nodemailer pipelines a message's envelope, never two messages), so a server that takes 0.5 s to
 * answer each message caps a pool of 5 at 10 emails a second. A server answering at once is kept
 * busy by `base` connections (more would cost CPU and the provider's patience); while replies are
 * slow the gate lets up to `ceiling` emails through, each on a connection of its own. A failed
 * send closes it back to `base` until slow replies are seen again (a provider refusing more
 * connections answers 421).
 */
export type ElasticSendGate = {
  run<T>(send: () => Promise<T>): Promise<T>;
  /** Emails let through at once now. */
  readonly limit: number;
};

/** Replies slower than this (averaged) mean the pool waits on the server, not on us. */
export const slowReplyMs = 100;

export function elasticSendGate({
  base,
  ceiling,
  now = () => performance.now(),
}: {
  base: number;
  ceiling: number;
  now?: () => number;
}): ElasticSendGate {
  let limit = base;
  let active = 0;
  // A moving average of the latest replies: one slow reply alone does not open the gate.
  let averageMs: number | undefined;
  const waiting: (() => void)[] = [];

  function letThrough() {
    while (active < limit && waiting.length > 0) {
      active++;
      waiting.shift()!();
    }
  }

  function replied(ms: number) {
    averageMs = averageMs === undefined ? ms : averageMs * 0.8 + ms * 0.2;
    // Closed again only well below the threshold, so the limit does not flap around it.
    if (averageMs >= slowReplyMs) limit = Math.max(base, ceiling);
    else if (averageMs < slowReplyMs / 2) limit = base;
  }

  return {
    get limit() {
      return limit;
    },
    async run(send) {
      if (active < limit) active++;
      // Whoever frees a place counts this send in before waking it.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      const started = now();
      try {
        const result = await send();
        replied(now() - started);
        return result;
      } catch (error) {
        limit = base;
        averageMs = undefined;
        throw error;
      } finally {
        active--;
        letThrough();
      }
    },
  };
}
