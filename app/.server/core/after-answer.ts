import type { ServerResponse } from "node:http";
import { logFailure } from "./logger";

/**
 * Hands work off until the answer has gone: what a form does only for a new address (render and
 * queue an email, write the rows) must not show in how long its answer takes (issue 20, equal time).
 */
export type AfterAnswer = (what: string, work: () => Promise<unknown>) => void;

/** The server's queue of work after answers: `settle()` waits for all of it before shutdown. */
export function startAfterAnswerQueue() {
  const pending = new Set<Promise<void>>();
  return {
    /** The `afterAnswer` of one request: its work starts once `response` is sent (or abandoned). */
    forResponse(response: ServerResponse): AfterAnswer {
      return (what, work) => {
        const done: Promise<void> = new Promise<void>((resolve) => {
          if (response.writableFinished || response.destroyed) resolve();
          else response.once("close", () => resolve());
        })
          .then(work)
          .then(
            () => undefined,
            (error: unknown) => logFailure(`${what} failed after the answer`, error),
          )
          .finally(() => pending.delete(done));
        pending.add(done);
      };
    },
    async settle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/**
 * Runs `work` after the answer when the request's server set that up, and before it otherwise
 * (background jobs, service tests), so a caller never has to know which.
 */
export async function whenAnswered(
  deps: { afterAnswer?: AfterAnswer },
  what: string,
  work: () => Promise<unknown>,
) {
  if (deps.afterAnswer) deps.afterAnswer(what, work);
  else await work();
}
