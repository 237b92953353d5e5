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

/** A process and the jobs it owes answers to: one that ends fails its own jobs, no other's. */
type ImageChild = { process: ChildProcess; jobs: Map<number, Waiting> };

let child: ImageChild | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;

function startChild(): ImageChild {
  const { script, execArgv } = childEntry();
  const started: ImageChild = {
    process: fork(script, [], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"] }),
    jobs: new Map(),
  };
  started.process.on("message", (answer: ImageAnswer) => {
    const job = started.jobs.get(answer.id);
    started.jobs.delete(answer.id);
    job?.resolve(answer);
    if (started.jobs.size === 0) idle(started);
  });
  // An idle process told to end may exit after the next job has started a new one: that job
  // is the new process's, and stays.
  const ended = (reason: string) => {
    if (child === started) child = undefined;
    if (started.jobs.size === 0) return;
    logger.error({ reason }, "image process ended during a job");
    for (const { reject } of started.jobs.values()) reject(new ImageProcessEnded(reason));
    started.jobs.clear();
  };
  started.process.on("error", (error) => ended(error.message));
  started.process.on("exit", (code, signal) => ended(`exit ${signal ?? code}`));
  return started;
}

/**
 * Between jobs the process neither keeps the server alive nor lives long: after a few idle
 * seconds its channel is closed, and it ends itself (`disconnect`).
 */
function idle(idleChild: ImageChild) {
  idleChild.process.unref();
  idleChild.process.channel?.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (child !== idleChild || idleChild.jobs.size > 0) return;
    child = undefined;
    if (idleChild.process.connected) idleChild.process.disconnect();
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
  running.process.ref();
  running.process.channel?.ref();
  const id = nextId++;
  return new Promise<ImageAnswer>((resolve, reject) => {
    running.jobs.set(id, { resolve, reject });
    running.process.send({ ...job, id } as ImageJob, (error) => {
      if (!error) return;
      running.jobs.delete(id);
      reject(new ImageProcessEnded(error.message));
    });
  });
}

/** The image process's id while one runs (the tests watch it end). */
export const imageProcessPid = () => child?.process.pid;
