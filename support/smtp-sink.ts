import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = {
  envelopeTo: string[];
  envelopeFrom: string;
  raw: string;
  parsed: Email;
  header(name: string): string | undefined;
};

/**
 * A real SMTP server in the test process. `stop()` takes it down (connections are refused) and
 * `start()` brings it back on the same port, to test delivery while the mail server is away;
 * `stall()` makes it swallow each message and never answer, until `resume()`.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  port = 0;
  /** Messages swallowed while stalled: never acknowledged, so never delivered. */
  stalledMessages = 0;
  /** Addresses refused for good at RCPT TO (550), as a mailbox that does not exist. */
  readonly refusedRecipients = new Set<string>();
  private server: SMTPServer | undefined;
  private stalled = false;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start() {
    const server = new SMTPServer({
      authOptional: true,
      closeTimeout: 1_000,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refusedRecipients.has(address.address.toLowerCase())) return callback();
        const refusal = new Error("5.1.1 No such mailbox here") as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
      },
      onData: (stream, session, callback) => {
        if (this.stalled) {
          // Mid-message and silent: the client waits for a reply that never comes.
          this.stalledMessages++;
          stream.resume();
          return;
        }
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          PostalMime.parse(raw).then(
            (parsed) => {
              this.received.push({
                envelopeTo: session.envelope.rcptTo.map((address) => address.address),
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                raw,
                parsed,
                header: (name) =>
                  parsed.headers.find((header) => header.key === name.toLowerCase())?.value,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  stall() {
    this.stalled = true;
  }

  resume() {
    this.stalled = false;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` emails have arrived. */
  async waitFor(count: number, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`Expected ${count} emails, received ${this.received.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.received;
  }
}
