// Preloaded (`node --import`) into every server the tests start. The test process holds this
// server's stdin open, so when that process ends, however it ends (a fork killed on a timeout, a
// crash), the pipe closes and the server ends with it instead of living on. SIGKILL, not SIGTERM:
// its stdout went with the parent, and the orderly stop blocks for good flushing its log there.
import { isMainThread } from "node:worker_threads";

// Preloads run in worker threads too (OUTBOX_WORKER=thread), where stdin is empty and ends at
// once: there it would kill the whole server.
if (isMainThread) {
  process.stdin.on("end", () => process.kill(process.pid, "SIGKILL"));
  process.stdin.resume();
  // Reading stdin must not keep the server alive once it has stopped on its own.
  process.stdin.unref();
}
