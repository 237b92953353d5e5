import { spawn } from "node:child_process";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SmtpSink } from "../../support/smtp-sink";

let sink: SmtpSink;

beforeAll(async () => {
  sink = await new SmtpSink().start();
});
afterAll(async () => {
  await sink?.stop();
});

/**
 * A client in its own process that opens a mail transaction, stops reading (so the sink's replies
 * wait unread in its socket) and SIGKILLs itself: the kernel answers the sink with a reset.
 */
function killedMidTransaction(port: number) {
  const client = `
    const socket = require("node:net").connect(${port}, "127.0.0.1");
    let replies = "";
    socket.on("data", (chunk) => {
      replies += chunk;
      if (replies.includes("220 ") && !socket.greeted) {
        socket.greeted = true;
        socket.write("EHLO killed.test\\r\\nMAIL FROM:<a@killed.test>\\r\\nRCPT TO:<b@killed.test>\\r\\n");
      }
      if ((replies.match(/^250 /gm) ?? []).length >= 3) {
        // Replies from here on stay in the kernel's buffer, unread, as in a hung process.
        socket._handle.readStop();
        socket.write("NOOP\\r\\nNOOP\\r\\nNOOP\\r\\n");
        setTimeout(() => process.kill(process.pid, "SIGKILL"), 300);
      }
    });
  `;
  const child = spawn(process.execPath, ["-e", client], { stdio: "ignore" });
  return new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
}

it("keeps serving when a client is SIGKILLed mid-session: the reset is recorded, not thrown", async () => {
  // Twice: a listener for the first error only (the one `listen` waits with) is not enough.
  for (const killed of [1, 2]) {
    expect(await killedMidTransaction(sink.port)).toBe("SIGKILL");
    await expect
      .poll(() => sink.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code))
      .toEqual(Array(killed).fill("ECONNRESET"));
  }

  const transport = nodemailer.createTransport({ url: sink.url, ignoreTLS: true } as never);
  await transport.sendMail({
    from: "owner@killed.test",
    to: "reader@killed.test",
    subject: "After the reset",
    text: "Still here.",
  });
  expect((await sink.waitFor(1)).map((email) => email.parsed.subject)).toEqual(["After the reset"]);
});
