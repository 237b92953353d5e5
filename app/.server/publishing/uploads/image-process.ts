import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { logger } from "../../core/logger";
import type { ImageAnswer, ImageJob, InspectJob, MakeJob } from "./image-process-protocol";

/** How long the image process waits for the next job before it ends (its memory with it). */
export const imageProcessIdleMs = 5_000;

/** The image process ended (or never started) before it answered. */
export class ImageProcessEnded extends Error {}

/**
 * The child's script: beside this file when run from source (vitest, tsx, the dev server), run
 * with tsx; `build/operations/image-process-child.js` in the build, found from whichever chunk of
 * `build/server/` this code was bundled into.
 */
function childEntry(): { script: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts"))
    return {
      script: path.join(path.dirname(here), "image-process-child.ts"),
      execArgv: ["--import", "tsx"],
    };
  let dir = path.dirname(here);
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    const script = path.join(dir, "operations", "image-process-child.js");
    if (existsSync(script)) return { script, execArgv: [] };
  }
  return {
    script: path.join(path.dirname(here), "../operations/image-process-child.js"),
    execArgv: [],
  };
}

type Waiting = { resolve: (answer: ImageAnswer) => void; reject: (error: Error) => void };

let child: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function settleAll(error: Error) {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

function startChild() {
  const { script, execArgv } = childEntry();
  const started = fork(script, [], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  started.on("message", (answer: ImageAnswer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    job?.resolve(answer);
    if (waiting.size === 0) idle(started);
  });
  const ended = (reason: string) => {
    if (child === started) child = undefined;
    if (waiting.size > 0) {
      logger.error({ reason }, "image process ended during a job");
      settleAll(new ImageProcessEnded(reason));
    }
  };
  started.on("error", (error) => ended(error.message));
  started.on("exit", (code, signal) => ended(`exit ${signal ?? code}`));
  return started;
}

/**
 * Between jobs the process neither keeps the server alive nor lives long: after a few idle
 * seconds its channel is closed, and it ends itself (`disconnect`).
 */
function idle(idleChild: ChildProcess) {
  idleChild.unref();
  idleChild.channel?.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (child !== idleChild || waiting.size > 0) return;
    child = undefined;
    if (idleChild.connected) idleChild.disconnect();
  }, imageProcessIdleMs);
  idleTimer.unref();
}

type JobOf<T extends ImageJob> = T extends ImageJob ? Omit<T, "id"> : never;

/**
 * Runs one job in the warm image process, starting it when none is running. The caller's image
 * turn (`inImageTurn`) keeps it to one job at a time.
 */
export function runImageJob(job: JobOf<InspectJob | MakeJob>): Promise<ImageAnswer> {
  clearTimeout(idleTimer);
  child ??= startChild();
  const running = child;
  running.ref();
  running.channel?.ref();
  const id = nextId++;
  return new Promise<ImageAnswer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    running.send({ ...job, id } as ImageJob, (error) => {
      if (!error) return;
      waiting.delete(id);
      reject(new ImageProcessEnded(error.message));
    });
  });
}

/** The image process's id while one runs (the tests watch it end). */
export const imageProcessPid = () => child?.pid;
