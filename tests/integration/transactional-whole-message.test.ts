import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailDirTransport, type TransportMessage } from "~/.server/mail/mail-transport";
import { everyEmail } from "../../support/every-email";

/**
 * nodemailer draws each message's boundary at random, and a message built whole has one of its
 * own (message-head.ts): the one thing the two builds may differ in.
 */
const sameBoundaries = (eml: string) =>
  eml.replace(/--_NmP-[0-9a-f]+-Part_\d+|--_presence-[0-9a-f]+-alt/g, "BOUNDARY");

const builtWhole = (eml: string) => /--_presence-[0-9a-f]+-alt/.test(eml);

/**
 * What nodemailer's composer made of a transactional email (before decision 284) against what
 * the transport now writes, byte for byte but the boundaries.
 */
describe("a transactional email built whole", () => {
  let mailDir: string;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), "whole-transactional-"));
  });
  afterAll(async () => {
    composer.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  let sequence = 0;
  /** The .eml the transport writes for `message`. */
  async function written(message: TransportMessage) {
    const dir = path.join(mailDir, String((sequence += 1)));
    const transport = mailDirTransport(dir);
    try {
      await transport.send(message);
    } finally {
      transport.close();
    }
    const [file] = await readdir(dir);
    return readFile(path.join(dir, file!), "latin1");
  }

  /** nodemailer's composer given the email's fields, as the transport gave them before. */
  async function composed(message: TransportMessage) {
    const info = await composer.sendMail({
      messageId: `<${message.id}@presence.example>`,
      date: new Date(message.createdAt),
      from: message.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      headers: message.headers,
      text: message.text,
      html: message.html,
    });
    return (info.message as Buffer).toString("latin1");
  }

  const message = (overrides: Partial<TransportMessage>): TransportMessage => ({
    id: `tx-${(sequence += 1)}`,
    createdAt: "2026-11-28T05:00:00.000Z",
    to: "ada@example.com",
    from: "Presence Selling <no-reply@presence.example>",
    subject: "We received your message",
    text: "Hi Ada,\n\nThank you.",
    html: "<p>Hi Ada,</p><p>Thank you.</p>",
    headers: {},
    ...overrides,
  });

  it.each(everyEmail)("builds the $name email as nodemailer does", async (sample) => {
    const email = await sample.render();
    const sent = message({
      subject: email.subject,
      text: email.text,
      html: email.html,
      // The contact notification's Reply-To, quoted as the contact service writes it.
      replyTo: '"Ada <b> Lovelace" <ada@example.com>',
      headers: { "X-Contact-Message-Id": "a1b2", "Auto-Submitted": "auto-replied" },
    });
    const eml = await written(sent);
    expect(builtWhole(eml)).toBe(true);
    expect(sameBoundaries(eml)).toBe(sameBoundaries(await composed(sent)));
  });

  it.each([
    [
      "a non-ASCII name and a long subject",
      {
        from: "Zoë Ashworth — Presence <no-reply@presence.example>",
        subject: `New inquiry: ${"Corporate Training ".repeat(6)}from Zoë Ünlü`,
      },
    ],
    ["a short plain body (7bit)", { text: "Hi.", html: "<p>Hi.</p>" }],
    [
      "trailing spaces and a long unbroken line",
      { text: `Hi   \n${"x".repeat(200)}\n`, html: `<p>Café ${"déjà vu ".repeat(20)}</p>` },
    ],
  ] as const)("builds an email with %s as nodemailer does", async (_, overrides) => {
    const sent = message(overrides);
    const eml = await written(sent);
    expect(builtWhole(eml)).toBe(true);
    expect(sameBoundaries(eml)).toBe(sameBoundaries(await composed(sent)));
  });

  it.each([
    [
      "a mostly non-latin body (base64)",
      { text: "Привет, как дела? Всё хорошо.", html: "<p>Привет, как дела?</p>" },
    ],
    ["two recipients", { to: "ada@example.com, bob@example.com" }],
    ["an international address", { to: "ada@exämple.com" }],
    ["a header name with a space", { headers: { "X Odd": "1" } }],
  ] as const)("leaves an email with %s to nodemailer", async (_, overrides) => {
    const sent = message(overrides);
    const eml = await written(sent);
    expect(builtWhole(eml)).toBe(false);
    expect(sameBoundaries(eml)).toBe(sameBoundaries(await composed(sent)));
  });
});
