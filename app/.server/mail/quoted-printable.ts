/**
 * Quoted-printable as nodemailer writes a text part (its qp `encode`, then `wrap` at 76), byte
 * for byte, at a fraction of the CPU: nodemailer encodes through a Buffer a byte at a time and
 * wraps with several regular expressions per line, a fifth of sending a contact message's two
 * emails (decision 304). quoted-printable.test.ts holds it to nodemailer's output.
 */

const byteEscapes = Array.from(
  { length: 256 },
  (_, byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`,
);

/** A space or tab at `index` is escaped when a line break or the end follows it. */
const endsLine = (text: string, index: number) => {
  const next = text.charCodeAt(index + 1);
  return index + 1 === text.length || next === 0x0a || next === 0x0d;
};

/**
 * nodemailer's qp `encode` of a string (UTF-8, line breaks kept): printable ASCII but `=` as it
 * is, and tab and line breaks; a space or tab before a line break or the end, `=`, the other
 * controls and every UTF-8 byte of the rest as `=XX`.
 */
export function encodeQuotedPrintable(text: string) {
  let out = "";
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x09) {
      if (!endsLine(text, index)) continue;
    } else if ((code > 0x20 && code < 0x7f && code !== 0x3d) || code === 0x0a || code === 0x0d) {
      continue;
    }
    out += text.slice(from, index);
    if (code < 0x80) {
      out += byteEscapes[code];
      from = index + 1;
      continue;
    }
    // The whole run of non-ASCII at once: a surrogate pair stays whole, as Buffer.from reads it.
    let end = index + 1;
    while (end < text.length && text.charCodeAt(end) >= 0x80) end++;
    for (const byte of Buffer.from(text.slice(index, end), "utf8")) out += byteEscapes[byte];
    from = end;
    index = end - 1;
  }
  return out + text.slice(from);
}

const isHex = (code: number) =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x46) ||
  (code >= 0x61 && code <= 0x66);
const isWrapBreak = (code: number) =>
  code === 0x20 ||
  code === 0x09 ||
  code === 0x2e ||
  code === 0x2c ||
  code === 0x21 ||
  code === 0x3f;

/** `str` from `start` to `end` ends with a whole escape (`=XX`). */
function endsWithEscape(str: string, start: number, end: number) {
  return (
    end - start >= 3 &&
    str.charCodeAt(end - 3) === 0x3d &&
    isHex(str.charCodeAt(end - 2)) &&
    isHex(str.charCodeAt(end - 1))
  );
}

/** `str` from `start` to `end` is one to four escapes and nothing else. */
function onlyEscapes(str: string, start: number, end: number) {
  const length = end - start;
  if (length < 3 || length > 12 || length % 3 !== 0) return false;
  for (let at = start; at < end; at += 3) if (!endsWithEscape(str, at, at + 3)) return false;
  return true;
}

/**
 * nodemailer's qp `wrap` (soft line breaks at `lineLength`), the same decisions in the same
 * order, with index arithmetic for its per-line regular expressions.
 */
export function wrapQuotedPrintable(str: string, lineLength = 76) {
  const length = str.length;
  if (length <= lineLength) return str;
  const margin = Math.floor(lineLength / 3);
  let result = "";
  let pos = 0;
  let nextCrlf = str.indexOf("\r\n");
  while (pos < length) {
    const windowEnd = Math.min(pos + lineLength, length);
    if (nextCrlf !== -1 && nextCrlf < pos) nextCrlf = str.indexOf("\r\n", pos);
    if (nextCrlf !== -1 && nextCrlf + 2 <= windowEnd) {
      result += str.slice(pos, nextCrlf + 2);
      pos = nextCrlf + 2;
      continue;
    }
    if (str.charCodeAt(windowEnd - 1) === 0x0a) {
      result += str.slice(pos, windowEnd);
      pos = windowEnd;
      continue;
    }
    const tailStart = Math.max(pos, windowEnd - margin);
    const lineFeed = lastLineFeed(str, tailStart, windowEnd);
    if (lineFeed !== -1) {
      result += str.slice(pos, lineFeed + 1);
      pos = lineFeed + 1;
      continue;
    }
    let end = windowEnd;
    let wrapBreak = -1;
    if (windowEnd - pos > lineLength - margin) {
      for (let at = windowEnd - 1; at >= tailStart; at--) {
        if (isWrapBreak(str.charCodeAt(at))) {
          wrapBreak = at;
          break;
        }
      }
    }
    if (wrapBreak !== -1) end = wrapBreak + 1;
    else if (endsInEscapeStart(str, pos, windowEnd)) {
      // An escape cut short goes to the next line whole ...
      if (
        windowEnd - 2 >= pos &&
        str.charCodeAt(windowEnd - 2) === 0x3d &&
        isHex(str.charCodeAt(windowEnd - 1))
      )
        end = windowEnd - 2;
      else if (str.charCodeAt(windowEnd - 1) === 0x3d) end = windowEnd - 1;
      // ... and so does a UTF-8 sequence.
      while (
        end - pos > 3 &&
        end - pos < length - pos &&
        !onlyEscapes(str, pos, end) &&
        endsWithEscape(str, pos, end)
      ) {
        const code = parseInt(str.slice(end - 2, end), 16);
        if (code < 128) break;
        end -= 3;
        if (code >= 0xc0) break;
      }
    }
    if (end === pos) end = windowEnd;
    if (end < length && str.charCodeAt(end - 1) !== 0x0a) {
      if (end - pos === lineLength && endsWithEscape(str, pos, end)) end -= 3;
      else if (end - pos === lineLength) end -= 1;
      result += `${str.slice(pos, end)}=\r\n`;
    } else result += str.slice(pos, end);
    pos = end;
  }
  return result;
}

/**
 * The last line feed from `start` to `end` when no line break follows it there, else -1
 * (nodemailer's `/\n.*?$/` on the window's tail).
 */
function lastLineFeed(str: string, start: number, end: number) {
  for (let at = end - 1; at >= start; at--) {
    const code = str.charCodeAt(at);
    if (code === 0x0a) return at;
    if (code === 0x0d) return -1;
  }
  return -1;
}

/** The window ends with `=`, `=X` or `=XX` (nodemailer's `/[=][\da-f]{0,2}$/i`). */
function endsInEscapeStart(str: string, start: number, end: number) {
  for (let at = Math.max(start, end - 3); at < end; at++) {
    if (str.charCodeAt(at) !== 0x3d) continue;
    let hex = true;
    for (let next = at + 1; next < end; next++) if (!isHex(str.charCodeAt(next))) hex = false;
    if (hex) return true;
  }
  return false;
}

/** A text part's body as nodemailer's composer writes it in quoted-printable. */
export function quotedPrintableBody(text: string) {
  return wrapQuotedPrintable(encodeQuotedPrintable(text), 76);
}
