import { encode, wrap } from "nodemailer/lib/qp";
import { describe, expect, it } from "vitest";
import { everyEmail } from "../../../support/every-email";
import {
  encodeQuotedPrintable,
  quotedPrintableBody,
  wrapQuotedPrintable,
} from "./quoted-printable";

/** A small seeded generator: a failure names its seed and can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * What trips a wrapper: every break character, `=` and hex digits (escapes and look-alikes),
 * line breaks alone and paired, trailing blanks, controls, two- three- and four-byte UTF-8, a
 * lone surrogate, and long unbroken runs.
 */
const pieces = [
  "a",
  "Z",
  "7",
  "A",
  "F",
  "e",
  " ",
  "\t",
  ".",
  ",",
  "!",
  "?",
  "=",
  "=3D",
  "\r\n",
  "\n",
  "\r",
  "  \n",
  "\x01",
  "é",
  "—",
  "😀",
  "\ud800",
  '<td style="padding:0">',
  "x".repeat(80),
  "é".repeat(30),
];

function text(next: () => number) {
  const length = Math.floor(next() * 400);
  let built = "";
  for (let index = 0; index < length; index++) {
    built += pieces[Math.floor(next() * pieces.length)]!;
  }
  return built;
}

describe("quoted-printable as nodemailer writes it", () => {
  it("encodes and wraps 3,000 random texts byte for byte", () => {
    const next = random(34);
    for (let seed = 0; seed < 3_000; seed++) {
      const sample = text(next);
      expect(encodeQuotedPrintable(sample), `encode #${seed}`).toBe(encode(sample));
      const encoded = encode(sample);
      for (const lineLength of [76, 20]) {
        expect(wrapQuotedPrintable(encoded, lineLength), `wrap #${seed} at ${lineLength}`).toBe(
          wrap(encoded, lineLength),
        );
      }
    }
  });

  it.each(everyEmail)("writes the $name email's parts as nodemailer does", async (sample) => {
    const { text: plain, html } = await sample.render();
    for (const body of [plain, html])
      expect(quotedPrintableBody(body)).toBe(wrap(encode(body), 76));
  });
});
