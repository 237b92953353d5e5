import addressparser from "nodemailer/lib/addressparser";
import { foldLines, hasLongerLines, isPlainText } from "nodemailer/lib/mime-funcs";
import MimeNode from "nodemailer/lib/mime-node";
import { alternativeMessage, boundary, messageHead, type WholeMessageInput } from "./message-head";
import { quotedPrintableBody } from "./quoted-printable";

/**
 * `compute` remembered for the latest few hundred keys: the site's From, the owner's To and a
 * template's fixed subject come back in email after email, and parsing an address list was a
 * tenth of building one. Cleared when full: values seen once (a visitor's address, a Date) pass.
 */
function remembered<Value>(compute: (key: string) => Value) {
  const known = new Map<string, Value>();
  return (key: string) => {
    if (known.has(key)) return known.get(key)!;
    if (known.size >= 256) known.clear();
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}

/** Encodes header values as nodemailer does (address lists, encoded words); it holds no state. */
const headerEncoder = new MimeNode();
/** A header line, by its name and value joined with a line feed (a name holds none). */
const knownHeaderLine = remembered((key) => {
  const split = key.indexOf("\n");
  const name = key.slice(0, split);
  return `${foldLines(`${name}: ${headerEncoder.encodeHeaderValue(name, key.slice(split + 1))}`, 76)}\r\n`;
});
const headerLine = (name: string, value: string) => knownHeaderLine(`${name}\n${value}`);

/** A header name as nodemailer writes it (mime-node's `_normalizeHeaderKey`, for plain names). */
const headerName = remembered((name) =>
  name
    .toLowerCase()
    .replace(
      /^X-SMTPAPI$|^(MIME|DKIM|ARC|BIMI)\b|^OTP(?=-Token$)|^[a-z]|-(SPF|FBL|ID|MD5)$|-[a-z]/gi,
      (letters) => letters.toUpperCase(),
    ),
);

/**
 * The one ASCII address a header names, for the envelope; undefined for a list, a group or an
 * international address (nodemailer's envelope would punycode its domain).
 */
const soleAddress = remembered((header) => {
  const parsed = addressparser(header);
  const address = parsed.length === 1 && "address" in parsed[0]! ? parsed[0].address : undefined;
  return address && /^[\x21-\x7e]+@[\x21-\x7e]+$/.test(address) ? address : undefined;
});

/**
 * A text part as nodemailer's composer writes it: as it is when it is plain ASCII with short
 * lines, quoted-printable when latin letters outnumber the rest; undefined where nodemailer
 * would choose base64 (a mostly non-latin body), left to nodemailer.
 */
function textPart(contentType: string, content: string) {
  let encoding: string;
  let body: string;
  if (isPlainText(content) && !hasLongerLines(content, 76)) {
    encoding = "7bit";
    body = content;
  } else if (mostlyLatin(content)) {
    encoding = "quoted-printable";
    body = quotedPrintableBody(content);
  } else return undefined;
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

/** Controls but tab and line breaks, and non-ASCII: what nodemailer counts against latin letters. */
// eslint-disable-next-line no-control-regex -- counting control characters is the point
const notLatin = /[\x00-\x08\x0b\x0c\x0e-\x1f\x80-\uffff]/g;

/**
 * nodemailer's choice of quoted-printable over base64: more latin letters than other bytes. The
 * others are few in our emails: counted first, the letters are counted only until they outnumber
 * them, not through the whole HTML.
 */
function mostlyLatin(value: string) {
  const other = value.match(notLatin)?.length ?? 0;
  let latin = 0;
  for (let index = 0; index < value.length && latin <= other; index++) {
    const code = value.charCodeAt(index) | 0x20;
    if (code >= 0x61 && code <= 0x7a) latin++;
  }
  return other < latin;
}

/**
 * A transactional email (a text and an HTML part, no attachment) as one buffer, byte for byte
 * what nodemailer's composer makes but for the boundary: the composer builds a tree of parts and
 * streams each through its encoders, about three quarters of sending a contact message's two
 * emails (decision 284). Headers are encoded by nodemailer's own header encoder and the bodies by
 * its quoted-printable functions. Answers undefined for what it does not build (a header name
 * nodemailer would rewrite, an address list, a body nodemailer would send in base64, a body
 * holding the boundary): nodemailer builds that email.
 */
export function wholeTransactionalMessage(
  input: WholeMessageInput,
  body: { text: string; html: string },
) {
  const from = soleAddress(input.from);
  const to = soleAddress(input.to);
  if (!from || !to) return undefined;
  if (body.text.includes(boundary) || body.html.includes(boundary)) return undefined;
  const text = textPart("text/plain", body.text);
  const html = textPart("text/html", body.html);
  if (text === undefined || html === undefined) return undefined;
  let head = "";
  for (const [name, value] of Object.entries(input.headers)) {
    // Only names of letters, digits and hyphens; nodemailer handles its own headers apart.
    if (!/^[A-Za-z0-9-]+$/.test(name) || /^(?:Content-|MIME-|Bcc$)/i.test(name)) return undefined;
    head += headerLine(headerName(name), value);
  }
  head += messageHead(input, headerLine);
  return { raw: alternativeMessage(head, text, html), envelope: { from, to: [to] } };
}
