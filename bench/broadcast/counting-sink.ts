// An SMTP server that accepts and drops every message, run by bench/broadcast/run.ts as a child
// process so its CPU is not counted as the sender's (nor competes with its event loop). Tells the
// parent its port, then how many messages it has received (at most every 20 ms), and its own CPU
// time when asked. SINK_REPLY_DELAY_MS holds each reply that long (a slow provider); the sink
// reports the most messages it held unanswered at once (in flight).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SinkMessage =
  { port: number } | { received: number; maxInFlight: number } | { cpuMs: number };

const send = (message: SinkMessage) => process.send!(message);
let received = 0;
let reported = 0;
let inFlight = 0;
let maxInFlight = 0;
const replyDelayMs = Number(process.env.SINK_REPLY_DELAY_MS ?? 0);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    stream.on("end", () => {
      const answer = () => {
        inFlight--;
        received++;
        callback();
      };
      if (replyDelayMs > 0) setTimeout(answer, replyDelayMs);
      else answer();
    });
    stream.resume();
  },
});
server.listen(0, "127.0.0.1", () => send({ port: (server.server.address() as AddressInfo).port }));
setInterval(() => {
  if (received === reported) return;
  reported = received;
  send({ received, maxInFlight });
}, 20);
process.on("message", () => {
  const used = process.cpuUsage();
  send({ cpuMs: (used.user + used.system) / 1000 });
});
process.on("disconnect", () => process.exit(0));
