import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliveryUnsubscribeToken,
  frozenSharedBody,
  personalise,
  renderBroadcast,
} from "~/.server/broadcasts/broadcast-content";
import { parseConfig } from "~/.server/core/config";
import { mailDirTransport, type TransportMessage } from "~/.server/mail/mail-transport";
import { sharedBodyEncoder, type SharedBody } from "~/.server/mail/shared-body";
import { wholeMessage } from "~/.server/mail/whole-message";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
});

/**
 * nodemailer draws each message's MIME boundary at random, and a message built whole has one of
 * its own (whole-message.ts): the one thing two builds may differ in.
 */
const sameBoundaries = (eml: string) =>
  eml.replace(/--_NmP-[0-9a-f]+-Part_\d+|--_presence-[0-9a-f]+-alt/g, "BOUNDARY");

/**
 * The old path (every copy built and quoted-printable encoded in full) against the shared one
 * (the body encoded once, each reader's value filled in), byte for byte but the boundaries.
 */
describe("a broadcast body encoded once and filled in per reader", () => {
  let mailDir: string;
  const built = mailDirTransport("unused");
  const shared = mailDirTransport("unused");

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), "shared-body-"));
  });
  afterAll(async () => {
    built.close();
    shared.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  /** Answers undefined where the transport builds the email in full. */
  const encodedParts = sharedBodyEncoder();
  let sequence = 0;
  /** The .eml a transport writes for `message`. */
  async function eml(message: TransportMessage) {
    const dir = path.join(mailDir, String((sequence += 1)));
    const transport = mailDirTransport(dir);
    try {
      await transport.send(message);
    } finally {
      transport.close();
    }
    const [file] = await readdir(dir);
    return sameBoundaries(await readFile(path.join(dir, file!), "latin1"));
  }

  /** One reader's email built both ways from `body`. */
  async function bothWays(
    body: Omit<SharedBody, "value">,
    value: string,
    overrides: Partial<TransportMessage> = {},
  ) {
    const fill = (content: string) => content.replaceAll(body.placeholder, value);
    const message: TransportMessage = {
      id: `shared-${value.length}-${sequence}`,
      createdAt: "2026-11-27T05:00:00.000Z",
      to: "reader@example.com",
      from: config.MAIL_FROM,
      subject: "Presence at the close",
      text: fill(body.text),
      html: fill(body.html!),
      headers: { "List-Unsubscribe": `<https://presence.example/u/${value}>` },
      ...overrides,
    };
    return {
      old: await eml(message),
      filled: await eml({ ...message, sharedBody: { ...body, value } }),
    };
  }

  it("gives every reader of a rendered broadcast the very email the full build gave", async () => {
    const frozen = await renderBroadcast(config, {
      subject: "Presence at the close",
      previewText: "Three breaths",
      bodyMarkdown: [
        "# This week: présence at the close",
        "A letter with **emphasis**, a [link](https://presence.example/articles/close) and a list:",
        "- Breathe\n- Listen\n- Ask",
        "[Read the chapter](https://presence.example/book){button}",
      ].join("\n\n"),
    });
    // Delivery ids of several lengths: the tokens, and where soft line breaks fall in them, vary.
    for (const deliveryId of [
      "b1_p1",
      "broadcast-7_person-1234",
      `${"x".repeat(37)}_${"y".repeat(36)}`,
    ]) {
      const token = deliveryUnsubscribeToken(config, deliveryId);
      const body = frozenSharedBody(frozen, token);
      const { old, filled } = await bothWays(body, token);
      expect(filled).toBe(old);
      expect(await encodedParts(body)).toBeDefined();
      // The filled-in copy is the reader's own (their link, soft line breaks removed).
      const reader = personalise(config, frozen, token);
      expect(filled.replaceAll("=\r\n", "")).toContain(token);
      expect(reader.text).toContain(token);
    }
  });

  it("puts the value where soft line breaks, dots and non-ASCII surround it, at every column", async () => {
    const placeholder = "READER-VALUE";
    for (let column = 0; column < 80; column += 1) {
      const line = `${"é".repeat(column % 7)}${"w".repeat(column)} ${placeholder}, then ${placeholder}. end`;
      const body = {
        placeholder,
        text: `${line}\n${line.repeat(3)}\n`,
        html: `<p>${line.repeat(2)}</p><a href="https://x.example/${placeholder}">x</a>`,
      };
      for (const value of ["aZ09.-_bQ.x", "token.with.dots.and-more_chars.0123456789abcdef"]) {
        const { old, filled } = await bothWays(body, value);
        expect(filled).toBe(old);
        expect(await encodedParts({ ...body, value })).toBeDefined();
      }
    }
  });

  it("builds in full what it cannot share: a base64 body, a value that needs encoding", async () => {
    const placeholder = "READER-VALUE";
    const base64Body = {
      placeholder,
      text: `${"Привет, читатель ".repeat(20)}${placeholder}`,
      html: `<p>${"Привет ".repeat(40)}${placeholder}</p>`,
    };
    const bothBase64 = await bothWays(base64Body, "abc.def");
    expect(bothBase64.filled).toBe(bothBase64.old);
    expect(bothBase64.old).toContain("Content-Transfer-Encoding: base64");
    expect(await encodedParts({ ...base64Body, value: "abc.def" })).toBeUndefined();
    const plainBody = { placeholder, text: `Hello ${placeholder}`, html: `<p>${placeholder}</p>` };
    for (const value of ["a=b", "two words", "ünïcode"]) {
      const { old, filled } = await bothWays(plainBody, value);
      expect(filled).toBe(old);
      expect(await encodedParts({ ...plainBody, value })).toBeUndefined();
    }
  });

  it("builds the message whole only where nodemailer would write its headers as they are", async () => {
    const placeholder = "READER-VALUE";
    const body = { placeholder, text: `Hello ${placeholder}`, html: `<p>${placeholder}</p>` };
    const value = "token.abc-123";
    const parts = (await encodedParts({ ...body, value }))!;
    const headers = {
      messageId: "<m-1@presence.example>",
      date: new Date("2026-11-28T01:00:00Z"),
      from: "Presence Selling <no-reply@presence.example>",
      to: "reader@example.com",
      subject: "A subject",
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
    expect(wholeMessage(headers, parts)?.envelope).toEqual({
      from: "no-reply@presence.example",
      to: ["reader@example.com"],
    });
    for (const changed of [
      { subject: "Présence" },
      { from: "Presence Selling, Inc. <no-reply@presence.example>" },
      { to: "Reader <reader@example.com>" },
      { replyTo: "Ünïcode <hello@presence.example>" },
      { headers: { "X-Note": "naïve" } },
    ])
      expect(wholeMessage({ ...headers, ...changed }, parts)).toBeUndefined();
    // Either way, the bytes are nodemailer's: a folded long subject, a Reply-To, a quoted name.
    for (const overrides of [
      {
        subject: `A long subject ${"that goes on ".repeat(8)}`,
        replyTo: "Presence Selling <hello@presence.example>",
      },
      { from: "Presence Selling, Inc. <no-reply@presence.example>", subject: "Présence" },
    ]) {
      const { old, filled } = await bothWays(body, value, overrides);
      expect(filled).toBe(old);
    }
  });
});
