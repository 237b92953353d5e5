import { randomBytes } from "node:crypto";

/** What a whole message is built from: the envelope's two addresses and the header values. */
export type WholeMessageInput = {
  messageId: string;
  date: Date;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  headers: Record<string, string>;
};

/** One boundary per process: random, and checked against each body before use. */
export const boundary = `--_presence-${randomBytes(12).toString("hex")}-alt`;

/**
 * The headers that follow the caller's own, in nodemailer's order, each written by `headerLine`
 * (as it is, or encoded as nodemailer encodes it): the part both whole builds share.
 */
export function messageHead(
  input: WholeMessageInput,
  headerLine: (name: string, value: string) => string,
) {
  return (
    headerLine("From", input.from) +
    headerLine("To", input.to) +
    (input.replyTo === undefined ? "" : headerLine("Reply-To", input.replyTo)) +
    headerLine("Subject", input.subject) +
    headerLine("Message-ID", input.messageId) +
    headerLine("Date", input.date.toUTCString().replace(/GMT$/, "+0000")) +
    "MIME-Version: 1.0\r\n" +
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n`
  );
}

/** The message's bytes: its head, then the text and HTML parts (each with its own headers). */
export function alternativeMessage(head: string, text: string, html: string) {
  return Buffer.from(
    `${head}\r\n--${boundary}\r\n${text}\r\n--${boundary}\r\n${html}\r\n--${boundary}--\r\n`,
    "latin1",
  );
}
