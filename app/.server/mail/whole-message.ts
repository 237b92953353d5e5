import { randomBytes } from "node:crypto";
import { foldLines } from "nodemailer/lib/mime-funcs";
import type { EncodedParts } from "./shared-body";

/** What a whole message is built from: the envelope's two addresses and the header values. */
type WholeMessageInput = {
  messageId: string;
  date: Date;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  headers: Record<string, string>;
};

/** One boundary per process: random, and checked against each body before use. */
const boundary = `--_presence-${randomBytes(12).toString("hex")}-alt`;

/** Headers written as they are: printable ASCII, nothing to encode (RFC 5322). */
const plainHeader = /^[\x20-\x7e]*$/;
/** A header line as nodemailer writes it: folded before 76 characters where it can be. */
const headerLine = (name: string, value: string) => `${foldLines(`${name}: ${value}`, 76)}\r\n`;

/** A bare address with nothing to quote or encode: `reader@example.com`. */
const plainAddress = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+$/;
/** `Name <address>` with a name nodemailer leaves unquoted (words only), or a bare address. */
const plainMailbox =
  /^(?:[\w ']+ <([A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+)>|([A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+))$/;

/** The headers that follow the caller's own, in nodemailer's order. */
function messageHead(input: WholeMessageInput) {
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
function alternativeMessage(head: string, text: string, html: string) {
  return Buffer.from(
    `${head}\r\n--${boundary}\r\n${text}\r\n--${boundary}\r\n${html}\r\n--${boundary}--\r\n`,
    "latin1",
  );
}

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
  head += messageHead(input);
  return {
    raw: alternativeMessage(head, parts.text, parts.html),
    envelope: { from: sender[1] ?? sender[2]!, to: [input.to] },
  };
}
