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
 * `start()` brings it back on the same port, to test delivery while the mail server is away.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
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
