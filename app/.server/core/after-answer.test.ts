import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { startAfterAnswerQueue, whenAnswered } from "./after-answer";

/** A response as the queue sees it: still being sent until `close`. */
const openResponse = () =>
  Object.assign(new EventEmitter(), {
    writableFinished: false,
    destroyed: false,
  }) as unknown as ServerResponse;

describe("work after the answer", () => {
  it("starts once the response is closed, and settle() waits for it", async () => {
    const queue = startAfterAnswerQueue();
    const response = openResponse();
    const done: string[] = [];
    await whenAnswered({ afterAnswer: queue.forResponse(response) }, "signup", async () => {
      done.push("written");
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual([]);
    response.emit("close");
    await queue.settle();
    expect(done).toEqual(["written"]);
  });

  it("keeps a failure to the log: the answer has gone, and the queue still settles", async () => {
    const queue = startAfterAnswerQueue();
    const response = openResponse();
    queue.forResponse(response)("signup", () => Promise.reject(new Error("database gone")));
    response.emit("close");
    await expect(queue.settle()).resolves.toBeUndefined();
  });

  it("runs the work before returning where nothing was set up (background jobs, service tests)", async () => {
    const done: string[] = [];
    await whenAnswered({}, "signup", async () => {
      done.push("written");
    });
    expect(done).toEqual(["written"]);
  });
});
