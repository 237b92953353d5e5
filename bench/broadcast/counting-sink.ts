// An SMTP server that accepts and drops every message, run by bench/broadcast/run.ts as a child
// process so its CPU is not counted as the sender's (nor competes with its event loop). Tells the
// parent its port, then how many messages it has received (at most every 20 ms), and its own CPU
// time when asked.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SinkMessage = { port: number } | { received: number } | { cpuMs: number };

const send = (message: SinkMessage) => process.send!(message);
let received = 0;
let reported = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("end", () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
server.listen(0, "127.0.0.1", () => send({ port: (server.server.address() as AddressInfo).port }));
setInterval(() => {
  if (received === reported) return;
  reported = received;
  send({ received });
}, 20);
process.on("message", () => {
  const used = process.cpuUsage();
  send({ cpuMs: (used.user + used.system) / 1000 });
});
process.on("disconnect", () => process.exit(0));
