import { randomBytes } from "node:crypto";
import { foldLines } from "nodemailer/lib/mime-funcs";
import type { EncodedParts } from "./shared-body";

/** What the whole message is built from: the envelope's two addresses and the header values. */
export type WholeMessageInput = {
  messageId: string;
  date: Date;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  headers: Record<string, string>;
};

/** Headers written as they are: printable ASCII, nothing to encode (RFC 5322). */
const plainHeader = /^[\x20-\x7e]*$/;
/** A header line as nodemailer writes it: folded before 76 characters where it can be. */
const headerLine = (name: string, value: string) => `${foldLines(`${name}: ${value}`, 76)}\r\n`;

/** A bare address with nothing to quote or encode: `reader@example.com`. */
const plainAddress = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+$/;
/** `Name <address>` with a name nodemailer leaves unquoted (words only), or a bare address. */
const plainMailbox =
  /^(?:[\w ']+ <([A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+)>|([A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+))$/;

/** One boundary per process: random, and checked against each body before use. */
const boundary = `--_presence-${randomBytes(12).toString("hex")}-alt`;

/**
 * The whole message as one buffer, for an email whose body parts are already encoded (a shared
 * body): nodemailer would build it from a tree of parts and write each piece to the socket
 * apart, about a fifth of a broadcast's CPU (decision 281). Answers undefined when a header
 * would need encoding or the boundary occurs in the body; nodemailer builds that email.
 */
export function wholeMessage(input: WholeMessageInput, parts: EncodedParts) {
  const sender = plainMailbox.exec(input.from);
  if (!sender || !plainAddress.test(input.to)) return undefined;
  if (input.replyTo !== undefined && !plainMailbox.test(input.replyTo)) return undefined;
  if (!plainHeader.test(input.subject)) return undefined;
  let head = "";
  for (const [name, value] of Object.entries(input.headers)) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || !plainHeader.test(value)) return undefined;
    head += headerLine(name, value);
  }
  if (parts.text.includes(boundary) || parts.html.includes(boundary)) return undefined;
  head +=
    headerLine("From", input.from) +
    headerLine("To", input.to) +
    (input.replyTo === undefined ? "" : headerLine("Reply-To", input.replyTo)) +
    headerLine("Subject", input.subject) +
    headerLine("Message-ID", input.messageId) +
    headerLine("Date", input.date.toUTCString().replace(/GMT$/, "+0000")) +
    "MIME-Version: 1.0\r\n" +
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n`;
  const raw =
    `${head}\r\n--${boundary}\r\n${parts.text}\r\n--${boundary}\r\n${parts.html}\r\n` +
    `--${boundary}--\r\n`;
  return {
    raw: Buffer.from(raw, "latin1"),
    envelope: { from: sender[1] ?? sender[2]!, to: [input.to] },
  };
}
