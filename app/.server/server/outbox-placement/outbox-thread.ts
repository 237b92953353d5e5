import { Worker } from "node:worker_threads";
import { logger } from "../../core/logger";
import type { OutboxSender } from "./outbox-sender";

/** What the web side and the outbox thread say to each other. */
export type OutboxThreadMessage = "wake" | "stop";

/** How long a thread that died is left before the next is started (a crash loop stays slow). */
const restartAfterMs = 1_000;

/**
 * Runs the outbox's sender in a worker thread of its own (`entry`: the outbox service's script),
 * so claiming, rendering, MIME-building and signing never hold up a request's event loop. A thread
 * that dies is started again; its emails in hand are settled by lease as after any crash.
 */
export function startOutboxThread(entry: URL): OutboxSender {
  let thread: Worker;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  function spawn() {
    thread = new Worker(entry);
    thread.on("error", (error) => logger.error({ reply: error.message }, "outbox thread failed"));
    thread.on("exit", (code) => {
      if (stopping) return;
      logger.error({ code }, "outbox thread stopped unasked; starting another");
      restart = setTimeout(spawn, restartAfterMs);
    });
  }

  spawn();
  return {
    wake: () => thread.postMessage("wake" satisfies OutboxThreadMessage),
    async stop() {
      stopping = true;
      clearTimeout(restart);
      if (thread.threadId === -1) return;
      const exited = new Promise((resolve) => thread.once("exit", resolve));
      // The thread drains its emails in hand, closes its connections, then ends.
      thread.postMessage("stop" satisfies OutboxThreadMessage);
      await exited;
    },
  };
}
