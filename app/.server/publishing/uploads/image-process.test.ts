import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { imageProcessIdleMs, imageProcessPid, runImageJob } from "./image-process";

/** Resolves once `pid` has ended (the test's own timeout bounds the wait). */
async function ended(pid: number) {
  while (existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z "))
    await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("the image process", () => {
  let dir: string;
  let input: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "image-process-"));
    input = path.join(dir, "swatch.png");
    writeFileSync(
      input,
      await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.useRealTimers());

  it("answers a job sent while the idle process before it is ending", async () => {
    const inspect = () => runImageJob({ kind: "inspect", input, maxInputPixels: 1_000_000 });
    // The idle timer on a fake clock: the old process is told to end, and the next job sent,
    // in one tick, before its exit can be heard.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    expect(await inspect()).toMatchObject({ kind: "inspected", width: 32, height: 32 });
    const idlePid = imageProcessPid()!;
    vi.advanceTimersByTime(imageProcessIdleMs);
    expect(imageProcessPid()).toBeUndefined();
    const next = inspect();
    vi.useRealTimers();
    await ended(idlePid);
    expect(await next).toMatchObject({ kind: "inspected", width: 32 });
    expect(imageProcessPid()).not.toBe(idlePid);
  });
});
