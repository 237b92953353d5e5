import { performance } from "node:perf_hooks";

/** How many requests this process has been given, for work that can wait its turn. */
export type RequestActivity = {
  /** Counts one request. */
  track(): void;
  /** Requests counted so far. */
  arrived(): number;
};

export function requestActivity(): RequestActivity {
  let arrived = 0;
  return {
    track: () => void (arrived += 1),
    arrived: () => arrived,
  };
}

const sampleMs = 50;
/**
 * A sample is a burst when the event loop was this busy (on Postgres a flood of requests keeps it
 * about half busy, the rest of each request being the database's) ...
 */
const busyLoop = 0.5;
/** ... and requests were what kept it busy (this many in 50 ms: 100 a second). */
const burstRequests = 5;

/**
 * For the sender that shares the requests' event loop (OUTBOX_WORKER=inline): resolves at once
 * when the latest sample of at least 50 ms was no burst of requests; otherwise once a sample of
 * 50 ms is not, or after `maxWaitMs` whatever the load, or when `signal` aborts. A burst is
 * answered first; its emails, already safe in the outbox, go out as it ends (or one round every
 * `maxWaitMs` under a load that lasts). The sender's own work alone (a broadcast) or a slow client
 * holding a connection is no burst: both conditions must hold.
 */
export function roomToSend(activity: RequestActivity, maxWaitMs: number) {
  const mark = () => ({
    at: performance.now(),
    loop: performance.eventLoopUtilization(),
    arrived: activity.arrived(),
  });
  const wasBurst = (since: ReturnType<typeof mark>) =>
    performance.eventLoopUtilization(since.loop).utilization >= busyLoop &&
    (activity.arrived() - since.arrived) * (sampleMs / (performance.now() - since.at)) >=
      burstRequests;
  // Where the current sample began, and whether the one before it was quiet. At a quiet time the
  // sender goes at once, with no sample (a wait would land its work on whatever request comes
  // next); rounds closer together than a sample go on the last sample's verdict (a broadcast's
  // rounds come every few milliseconds: a sample each would cap it at one round per 50 ms).
  let last: ReturnType<typeof mark> | undefined;
  let quiet = false;
  return async (signal: AbortSignal) => {
    if (last && performance.now() - last.at < sampleMs) {
      if (quiet) return;
    } else if (last && !wasBurst(last)) {
      last = mark();
      quiet = true;
      return;
    }
    quiet = false;
    const deadline = performance.now() + maxWaitMs;
    while (!signal.aborted && performance.now() < deadline) {
      const before = mark();
      await new Promise((resolve) => setTimeout(resolve, sampleMs));
      last = mark();
      if (!wasBurst(before)) {
        quiet = true;
        return;
      }
    }
    last = mark();
  };
}
