import { describe, expect, it } from "vitest";
import { requestActivity, roomToSend } from "./request-activity";

/**
 * Counts `requests` every slice until stopped. With `busyMs`, each slice keeps the event loop busy
 * that long and the next follows at once (setImmediate), as a flood of short requests does: the
 * loop is never idle, however thinly a loaded machine shares its cores (a slice every 5 ms left
 * it idle there, and the test saw no burst). Its requests arrive by the clock, `requests` every
 * `busyMs`, as a flood's do: a process the machine set aside for 200 ms finds that many waiting
 * when it runs again (counted a slice at a time, a sample at load 20 saw one slice's ten requests
 * in 250 ms, no burst, and the wait ended early). Without, a slice every 5 ms leaves the loop idle.
 */
function load({ busyMs, requests }: { busyMs: number; requests: number }) {
  const activity = requestActivity();
  let stopped = false;
  if (busyMs === 0) {
    const timer = setInterval(() => {
      for (let index = 0; index < requests; index++) activity.track();
    }, 5);
    return { activity, stop: () => clearInterval(timer) };
  }
  const started = performance.now();
  let tracked = 0;
  const next = () => {
    if (stopped) return;
    const due = Math.ceil(((performance.now() - started) / busyMs) * requests) + requests;
    for (; tracked < due; tracked++) activity.track();
    const until = performance.now() + busyMs;
    while (performance.now() < until);
    setImmediate(next);
  };
  next();
  return { activity, stop: () => void (stopped = true) };
}

async function waited(
  room: (signal: AbortSignal) => Promise<void>,
  signal = new AbortController().signal,
) {
  const started = performance.now();
  await room(signal);
  return performance.now() - started;
}

describe("roomToSend: the inline sender waits out a burst of requests", () => {
  const maxWaitMs = 600;

  it("waits its longest while requests keep the event loop busy", async () => {
    const burst = load({ busyMs: 4, requests: 10 });
    try {
      expect(await waited(roomToSend(burst.activity, maxWaitMs))).toBeGreaterThanOrEqual(maxWaitMs);
    } finally {
      burst.stop();
    }
  });

  it("goes at once when the loop is busy without requests (its own sending)", async () => {
    const ownWork = load({ busyMs: 4, requests: 0 });
    try {
      expect(await waited(roomToSend(ownWork.activity, 5_000))).toBeLessThan(maxWaitMs);
    } finally {
      ownWork.stop();
    }
  });

  it("goes at once when requests come but leave the loop idle (a slow client)", async () => {
    const light = load({ busyMs: 0, requests: 2 });
    try {
      expect(await waited(roomToSend(light.activity, 5_000))).toBeLessThan(maxWaitMs);
    } finally {
      light.stop();
    }
  });

  it("at a quiet time goes without sampling, so its work does not fall on the next request", async () => {
    const room = roomToSend(requestActivity(), 5_000);
    await room(new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await waited(room)).toBeLessThan(45);
  });

  it("takes rounds closer together than a sample on the last sample's verdict", async () => {
    const room = roomToSend(requestActivity(), 5_000);
    await room(new AbortController().signal);
    // A broadcast's rounds follow each other within milliseconds: a sample each was 50 ms apiece.
    let total = 0;
    for (let round = 0; round < 10; round++) total += await waited(room);
    expect(total).toBeLessThan(250);
  });

  it("stops waiting when the worker stops", async () => {
    const burst = load({ busyMs: 4, requests: 10 });
    const stopping = new AbortController();
    setTimeout(() => stopping.abort(), 100);
    try {
      expect(await waited(roomToSend(burst.activity, 5_000), stopping.signal)).toBeLessThan(
        maxWaitMs,
      );
    } finally {
      burst.stop();
    }
  });
});
