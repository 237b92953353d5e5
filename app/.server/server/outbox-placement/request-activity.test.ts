import { describe, expect, it } from "vitest";
import { requestActivity, roomToSend } from "./request-activity";

/**
 * Keeps the event loop busy `busyMs` of every 5 ms, counting `requests` each time, until stopped:
 * small slices, as many short requests make.
 */
function load({ busyMs, requests }: { busyMs: number; requests: number }) {
  const activity = requestActivity();
  const timer = setInterval(() => {
    for (let index = 0; index < requests; index++) activity.track();
    const until = performance.now() + busyMs;
    while (performance.now() < until);
  }, 5);
  return { activity, stop: () => clearInterval(timer) };
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
    const burst = load({ busyMs: 4, requests: 2 });
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
    const burst = load({ busyMs: 4, requests: 2 });
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
