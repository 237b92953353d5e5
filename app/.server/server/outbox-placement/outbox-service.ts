import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { startupConfig } from "../../core/config";
import { createDatabase } from "../../core/db/database";
import { logFailure, logger } from "../../core/logger";
import { startConfiguredOutbox } from "./outbox-sender";
import type { OutboxThreadMessage } from "./outbox-thread";

/** The outbox thread's nice value: the lowest priority, below the requests' thread (0). */
const outboxThreadNice = 19;

/**
 * The outbox's sender on its own: in the web process's worker thread (`OUTBOX_WORKER=thread`,
 * woken by its messages) or as a process of its own (`npm run worker`, beside instances set to
 * `OUTBOX_WORKER=none`, which find due emails by polling). Stops on the web side's word or on
 * SIGTERM/SIGINT once the emails in hand are settled.
 */
export async function runOutboxService() {
  const config = startupConfig();
  const database = await createDatabase(config.DATABASE_URL);
  const sender = await startConfiguredOutbox(config, database);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= sender
      .stop()
      .then(() => database.destroy())
      .catch((error: unknown) => logFailure("outbox: stopping failed", error)));

  if (parentPort) {
    // Linux keeps a nice value per thread: when requests and sending both want the cores, the
    // requests get them, and the outbox sends with what is left (it catches up once a burst ends).
    if (process.platform === "linux") setPriority(outboxThreadNice);
    const port = parentPort;
    port.on("message", (message: OutboxThreadMessage) => {
      if (message === "wake") sender.wake();
      // Closing the port lets the thread end once its connections are closed.
      else if (message === "stop") void stop().then(() => port.close());
    });
    return;
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "outbox: stopping");
      void stop();
    });
  }
}
