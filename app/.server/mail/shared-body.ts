import type { Readable } from "node:stream";

/**
 * A body many emails share but for one value each (a reader's unsubscribe token): `text` and
 * `html` hold `placeholder` where each email's `value` goes. The transport encodes the shared
 * body once and fills in each email's value, instead of quoted-printable encoding every copy.
 */
export type SharedBody = { text: string; html?: string; placeholder: string; value: string };

/** Each part of one email as nodemailer would have built it: headers, blank line, encoded body. */
export type EncodedParts = { text: string; html: string };

/**
 * An encoded part cut where the value goes: `pieces` around the holes, and for each hole the
 * places (value offsets) where the encoder put a soft line break inside it.
 */
type CutPart = { pieces: string[]; softBreaks: number[][] };

/**
 * Characters quoted-printable writes as they are and that never end or start an escape: a value
 * made of them encodes to itself, and only soft line breaks can come in between.
 */
const literalValue = /^[\x21-\x3c\x3e-\x7e]+$/;
/** Where nodemailer's line wrapping prefers to break (qp `wrap`): a stand-in keeps them in place. */
const wrapBreaks = new Set([" ", "\t", ".", ",", "!", "?"]);
const filler = "ZqXjVw";

/**
 * A stand-in of the value's shape: same length, the wrapping's break characters where the value
 * has them, so the encoder lays the shared body out exactly as it would with the value itself.
 */
function standIn(value: string) {
  let shaped = "";
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    shaped += wrapBreaks.has(char) ? char : filler[index % filler.length];
  }
  return shaped;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Cuts an encoded part at each place the stand-in went, soft line breaks within it included. The
 * cut is valid only if every stand-in of the input was found (a base64 part hides them).
 */
function cut(encoded: string, shaped: string, occurrences: number): CutPart | undefined {
  const pattern = new RegExp([...shaped].map(escapeRegExp).join("(?:=\\r\\n)?"), "g");
  const pieces: string[] = [];
  const softBreaks: number[][] = [];
  let last = 0;
  for (const match of encoded.matchAll(pattern)) {
    pieces.push(encoded.slice(last, match.index));
    const breaks: number[] = [];
    let offset = 0;
    for (const piece of match[0].split("=\r\n")) {
      offset += piece.length;
      breaks.push(offset);
    }
    softBreaks.push(breaks.slice(0, -1));
    last = match.index + match[0].length;
  }
  pieces.push(encoded.slice(last));
  return softBreaks.length === occurrences ? { pieces, softBreaks } : undefined;
}

function fill(part: CutPart, value: string) {
  let filled = part.pieces[0]!;
  part.softBreaks.forEach((breaks, hole) => {
    let from = 0;
    for (const at of breaks) {
      filled += `${value.slice(from, at)}=\r\n`;
      from = at;
    }
    filled += value.slice(from) + part.pieces[hole + 1]!;
  });
  return filled;
}

async function streamText(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("latin1");
}

/** The text and html parts nodemailer builds for this body, each with its own headers. */
async function encodeParts(text: string, html: string) {
  const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
  // The alternatives are built apart: their root would add the message's own headers. A stream
  // of its own ends in a line break the part has not within a message.
  const [textPart, htmlPart] = await Promise.all(
    new MailComposer({ text, html })
      .compile()
      .childNodes.map(async (part) =>
        (await streamText(part.createReadStream())).replace(/\r\n$/, ""),
      ),
  );
  return { text: textPart!, html: htmlPart! };
}

type Encoded = { text: CutPart; html: CutPart } | undefined;

/**
 * Encodes each shared body once per value shape (a broadcast's tokens all have one) and fills in
 * each email's value; answers undefined when the body cannot be shared this way, and the caller
 * builds that email in full. Keeps the latest few bodies (a process sends many broadcasts).
 */
export function sharedBodyEncoder(keep = 20) {
  const encodedByText = new Map<string, { html: string; byShape: Map<string, Promise<Encoded>> }>();

  async function encode(body: SharedBody & { html: string }, shaped: string): Promise<Encoded> {
    if (body.text.includes(shaped) || body.html.includes(shaped)) return undefined;
    const text = body.text.replaceAll(body.placeholder, shaped);
    const html = body.html.replaceAll(body.placeholder, shaped);
    const parts = await encodeParts(text, html);
    const count = (content: string) => content.split(shaped).length - 1;
    const textCut = cut(parts.text, shaped, count(text));
    const htmlCut = cut(parts.html, shaped, count(html));
    return textCut && htmlCut && { text: textCut, html: htmlCut };
  }

  return async function encodedParts(body: SharedBody): Promise<EncodedParts | undefined> {
    const { text, html, value } = body;
    if (html === undefined || !literalValue.test(value)) return undefined;
    let cached = encodedByText.get(text);
    if (!cached || cached.html !== html) {
      if (encodedByText.size >= keep) encodedByText.delete(encodedByText.keys().next().value!);
      cached = { html, byShape: new Map() };
      encodedByText.set(text, cached);
    }
    const shaped = standIn(value);
    let encoded = cached.byShape.get(shaped);
    if (!encoded) {
      // One shape per broadcast is the rule; values of many shapes would each cost an encoding.
      if (cached.byShape.size >= 8) cached.byShape.clear();
      encoded = encode({ ...body, html }, shaped);
      cached.byShape.set(shaped, encoded);
    }
    const parts = await encoded;
    return parts && { text: fill(parts.text, value), html: fill(parts.html, value) };
  };
}
