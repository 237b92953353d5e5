import { describe, expect, it } from "vitest";
import { elasticSendGate, slowReplyMs } from "./elastic-send-gate";

/** Sends that answer when the test says, on a clock the test moves. */
function scene(base: number, ceiling: number) {
  let clock = 0;
  let running = 0;
  let mostRunning = 0;
  const pending: { answer: () => void; fail: () => void }[] = [];
  const gate = elasticSendGate({ base, ceiling, now: () => clock });
  const send = () =>
    gate.run(() => {
      mostRunning = Math.max(mostRunning, ++running);
      return new Promise<void>((resolve, reject) =>
        pending.push({
          answer: () => (running--, resolve()),
          fail: () => (running--, reject(new Error("421 4.7.0 Too many connections"))),
        }),
      );
    });
  /** Moves the clock by `ms` and answers the `count` oldest sends in hand. */
  async function answer(count: number, ms: number) {
    clock += ms;
    for (const sent of pending.splice(0, count)) sent.answer();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    gate,
    send,
    answer,
    async fail() {
      pending.shift()!.fail();
      await new Promise((resolve) => setImmediate(resolve));
    },
    get running() {
      return running;
    },
    get mostRunning() {
      return mostRunning;
    },
  };
}

describe("elasticSendGate", () => {
  it("keeps to the base number while the server answers quickly", async () => {
    const pool = scene(2, 8);
    const all = Array.from({ length: 20 }, () => pool.send());
    await new Promise((resolve) => setImmediate(resolve));
    for (let round = 0; round < 10; round++) await pool.answer(2, 5);
    await Promise.all(all);
    expect(pool.mostRunning).toBe(2);
    expect(pool.gate.limit).toBe(2);
  });

  it("lets up to the ceiling through while replies are slow, and closes after a failure", async () => {
    const pool = scene(2, 8);
    const all = Array.from({ length: 20 }, () => pool.send().catch(() => "failed"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.running).toBe(2);
    await pool.answer(2, slowReplyMs * 5);
    expect(pool.gate.limit).toBe(8);
    expect(pool.running).toBe(8);
    await pool.fail();
    expect(pool.gate.limit).toBe(2);
    // The seven still in hand finish; no new one starts until fewer than two are out.
    expect(pool.running).toBe(7);
    await pool.answer(6, 1);
    expect(pool.running).toBe(2);
    while (pool.running > 0) await pool.answer(pool.running, 1);
    expect(await Promise.all(all)).toContain("failed");
    expect(pool.mostRunning).toBe(8);
  });

  it("does not open for one slow reply among quick ones", async () => {
    const pool = scene(2, 8);
    const all = Array.from({ length: 6 }, () => pool.send());
    await new Promise((resolve) => setImmediate(resolve));
    await pool.answer(1, 5);
    await pool.answer(1, 5);
    await pool.answer(1, slowReplyMs * 1.5);
    expect(pool.gate.limit).toBe(2);
    while (pool.running > 0) await pool.answer(pool.running, 1);
    await Promise.all(all);
    expect(pool.mostRunning).toBe(2);
  });
});
