import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = {
  envelopeTo: string[];
  envelopeFrom: string;
  /** When the sink accepted it (ms since the epoch): what a provider's rate counter sees. */
  receivedAt: number;
  raw: string;
  parsed: Email;
  header(name: string): string | undefined;
};

/** An SMTP reply to send instead of accepting: `{ code: 550, words: "5.7.1 sending limit exceeded" }`. */
export type SmtpRefusal = { code: number; words: string };

/**
 * A real SMTP server in the test process. `stop()` takes it down (connections are refused) and
 * `start()` brings it back on the same port, to test delivery while the mail server is away;
 * `stall()` makes it swallow each message and never answer, until `resume()`. Fault modes, each a
 * field to set: `refuseEveryRecipient` (a provider's policy refusal), `refusedRecipients` (550 5.1.1
 * for those), `deferFirstRecipients` (450 for the first N), `replyDelayMs` (a slow server),
 * `hangingRecipients` (messages to them are never answered), `silentAfterTaking` (messages to
 * them are kept, their reply never sent), `stopAfterAccepting` (acknowledges
 * that many more messages, then goes down) and `holdDataMs` (each message is held that long before
 * its reply and kept only if its sender is still connected then, as a server that commits a
 * message only once it answers: a client killed meanwhile leaves no delivery behind).
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  port = 0;
  /** Messages swallowed while stalled: never acknowledged, so never delivered. */
  stalledMessages = 0;
  /** Addresses refused for good at RCPT TO (550), as a mailbox that does not exist. */
  readonly refusedRecipients = new Set<string>();
  refuseEveryRecipient: SmtpRefusal | undefined;
  /** RCPT TO answered 450 4.2.0 this many more times (greylisting, a busy mailbox). */
  deferFirstRecipients = 0;
  /**
   * Every `every`-th RCPT TO is answered with `refusal` (`452 4.3.1`: a server short of storage
   * for now), counted over all messages.
   */
  refuseEveryNth: { every: number; refusal: SmtpRefusal } | undefined;
  /** The next this many RCPT TO are answered `421 4.4.2` and the connection closed. */
  disconnectNextRecipients = 0;
  /** Each message's reply waits this long (a slow server). */
  replyDelayMs = 0;
  /** Messages to these addresses are swallowed and never answered. */
  readonly hangingRecipients = new Set<string>();
  /**
   * Messages to these addresses are kept (delivered) but never answered: a server that took the
   * message and stalls its final reply.
   */
  readonly silentAfterTaking = new Set<string>();
  /** After acknowledging this many more messages, the server goes down (undefined: never). */
  stopAfterAccepting: number | undefined;
  /** Each message waits this long before its reply, and is dropped if its sender went away. */
  holdDataMs = 0;
  /** Messages dropped under `holdDataMs` because their sender disconnected first. */
  droppedOnDisconnect = 0;
  /** Every RCPT TO the server answered, accepted or not. */
  recipientsTried = 0;
  /** The most messages held unanswered at once (in flight), since the sink started. */
  mostInFlight = 0;
  private inFlight = 0;
  /** Who waits for the next email (waitFor). */
  private readonly arrivals = new Set<() => void>();
  /** Errors of client connections (a client killed mid-session resets its socket): kept, not thrown. */
  readonly connectionErrors: Error[] = [];
  private server: SMTPServer | undefined;
  private stalled = false;
  private readonly closedSessions = new Set<string>();

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start() {
    const server = new SMTPServer({
      authOptional: true,
      closeTimeout: 1_000,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onClose: (session) => {
        this.closedSessions.add(session.id);
      },
      onRcptTo: (address, _session, callback) => {
        this.recipientsTried++;
        const refuse = ({ code, words }: SmtpRefusal) =>
          callback(Object.assign(new Error(words), { responseCode: code }));
        if (this.refuseEveryRecipient) return refuse(this.refuseEveryRecipient);
        if (this.refusedRecipients.has(address.address.toLowerCase()))
          return refuse({ code: 550, words: "5.1.1 No such mailbox here" });
        if (this.disconnectNextRecipients > 0) {
          this.disconnectNextRecipients--;
          // smtp-server closes the connection after any 421 it sends.
          return refuse({ code: 421, words: "4.4.2 Too busy, closing the connection" });
        }
        if (this.refuseEveryNth && this.recipientsTried % this.refuseEveryNth.every === 0)
          return refuse(this.refuseEveryNth.refusal);
        if (this.deferFirstRecipients > 0) {
          this.deferFirstRecipients--;
          return refuse({ code: 450, words: "4.2.0 Mailbox busy, try again later" });
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const hanging = session.envelope.rcptTo.some((address) =>
          this.hangingRecipients.has(address.address.toLowerCase()),
        );
        if (this.stalled || hanging) {
          // Mid-message and silent: the client waits for a reply that never comes.
          this.stalledMessages++;
          stream.resume();
          return;
        }
        const silent = session.envelope.rcptTo.some((address) =>
          this.silentAfterTaking.has(address.address.toLowerCase()),
        );
        this.mostInFlight = Math.max(this.mostInFlight, ++this.inFlight);
        const reply = (error?: Error) => {
          this.inFlight--;
          if (!silent) callback(error);
        };
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          PostalMime.parse(raw).then(
            async (parsed) => {
              if (this.replyDelayMs > 0)
                await new Promise((resolve) => setTimeout(resolve, this.replyDelayMs));
              if (this.holdDataMs > 0) {
                await new Promise((resolve) => setTimeout(resolve, this.holdDataMs));
                if (this.closedSessions.has(session.id)) {
                  this.droppedOnDisconnect++;
                  return reply();
                }
              }
              this.received.push({
                envelopeTo: session.envelope.rcptTo.map((address) => address.address),
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                receivedAt: Date.now(),
                raw,
                parsed,
                header: (name) =>
                  parsed.headers.find((header) => header.key === name.toLowerCase())?.value,
              });
              for (const arrived of this.arrivals) arrived();
              reply();
              if (this.stopAfterAccepting !== undefined && --this.stopAfterAccepting <= 0) {
                this.stopAfterAccepting = undefined;
                void this.stop();
              }
            },
            (error: Error) => reply(error),
          );
        });
      },
    });
    // smtp-server re-emits every connection's error on the server: without a listener for the
    // whole life of the sink, a client killed mid-session (ECONNRESET) would crash the test run.
    server.on("error", (error: Error) => this.connectionErrors.push(error));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    // A client killed mid-session resets its connection: that is the test's doing, not a fault.
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
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

  /**
   * Waits until `count` emails have arrived, woken by each arrival. No clock of its own: on a
   * loaded machine a send takes what it takes (10 s was not always enough at load 20); the test's
   * timeout is what ends a wait for an email that never comes.
   */
  async waitFor(count: number) {
    while (this.received.length < count) {
      await new Promise<void>((resolve) => {
        const arrived = () => {
          this.arrivals.delete(arrived);
          resolve();
        };
        this.arrivals.add(arrived);
      });
    }
    return this.received;
  }
}
