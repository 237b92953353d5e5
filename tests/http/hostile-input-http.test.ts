import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { postEndlessChunks } from "../../support/endless-chunks";
import { SmtpSink } from "../../support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

const pageActions = [
  "/contact",
  "/signup",
  "/lists/newsletter/confirm/not-a-token",
  "/lists/waitlist/unsubscribe/not-a-token",
  "/newsletter/unsubscribe",
  "/buy-now",
  "/payment-success",
];

const hostileBodies: { name: string; body: BodyInit; type?: string; status: number }[] = [
  { name: "plain text", body: "firstName=Ada", type: "text/plain", status: 415 },
  { name: "no content type", body: "firstName=Ada", status: 415 },
  { name: "JSON to a form", body: '{"firstName":"Ada"}', type: "application/json", status: 415 },
  {
    name: "100 KB form",
    body: `message=${"x".repeat(100 * 1024)}`,
    type: "application/x-www-form-urlencoded",
    status: 413,
  },
  {
    name: "a NUL byte",
    body: "firstName=Ada%00&email=ada%40example.com\u0000",
    type: "application/x-www-form-urlencoded",
    status: 400,
  },
  {
    name: "malformed multipart",
    body: "--x\r\nContent-Disposition: form-data\r\n\r\nno name and no end",
    type: "multipart/form-data; boundary=x",
    status: 400,
  },
];

describe("hostile input to every public write", () => {
  let database: TestDatabase;
  let server: BuiltServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    sink = await new SmtpSink().start();
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      MAIL_DIR: mkdtempSync(path.join(tmpdir(), "hostile-mail-")),
      CONTACT_MIN_FILL_SECONDS: "0",
      CONTACT_RATE_LIMIT: "0",
      NEWSLETTER_RATE_LIMIT: "0",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    await database?.dispose();
  });

  const storedRows = async () =>
    Promise.all(
      (["contact_messages", "list_memberships", "people", "orders"] as const).map(
        async (table) => (await database.db.selectFrom(table).selectAll().execute()).length,
      ),
    );

  for (const action of pageActions) {
    it(`${action} answers malformed posts with a 4xx and its reason, storing nothing`, async () => {
      const before = await storedRows();
      for (const hostile of hostileBodies) {
        const response = await fetch(`${server.baseURL}${action}`, {
          method: "POST",
          body: hostile.body,
          headers: hostile.type ? { "Content-Type": hostile.type } : {},
        });
        expect(response.status, `${action}: ${hostile.name}`).toBe(hostile.status);
      }
      const chunked = await postEndlessChunks(
        `${server.baseURL}${action}`,
        "application/x-www-form-urlencoded",
      );
      expect(chunked, `${action}: chunked body`).toBe(413);
      expect(await storedRows()).toEqual(before);
    });
  }

  it("the contact function caps chunked bodies and refuses NUL bytes", async () => {
    const endpoint = `${server.baseURL}/functions/v1/send-contact-email`;
    expect(await postEndlessChunks(endpoint, "application/json")).toBe(413);
    const nul = await fetch(endpoint, {
      method: "POST",
      body: '{"firstName":"Ada\\u0000"}\u0000',
      headers: { "Content-Type": "application/json" },
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ success: false });
  });

  it("one-click unsubscribe without a content type is a clear answer, not a failure", async () => {
    const response = await fetch(`${server.baseURL}/newsletter/unsubscribe?token=not-a-token`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBeLessThan(500);
  });

  it("refuses names that carry a link, and never repeats the visitor's text to them", async () => {
    const endpoint = `${server.baseURL}/functions/v1/send-contact-email`;
    const relay = {
      firstName: "Your account is locked. Verify at https://evil.example",
      lastName: "Support",
      email: "victim@example.com",
      interest: "Keynote Speaking",
      message: "Your account is locked. Verify at https://evil.example/login now.",
      formToken: builtServerFormToken(builtServerLinkSecret),
    };
    const refused = await fetch(endpoint, {
      method: "POST",
      body: JSON.stringify(relay),
      headers: { "Content-Type": "application/json" },
    });
    expect(refused.status).toBe(400);
    const accepted = await fetch(endpoint, {
      method: "POST",
      body: JSON.stringify({ ...relay, firstName: "Ada" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(accepted.status).toBe(200);
    const emails = await sink.waitFor(2);
    const toVisitor = emails.find((email) => email.envelopeTo.includes("victim@example.com"));
    expect(toVisitor?.parsed.text).toContain("Hi Ada");
    expect(toVisitor?.parsed.text).not.toContain("evil.example");
    expect(toVisitor?.parsed.html).not.toContain("evil.example");
    const toOwner = emails.find((email) => !email.envelopeTo.includes("victim@example.com"));
    expect(toOwner?.parsed.text).toContain("Verify at https://evil.example/login now.");
  });

  it("refuses a newsletter first name with a line break", async () => {
    const before = await storedRows();
    const response = await fetch(`${server.baseURL}/signup`, {
      method: "POST",
      body: new URLSearchParams({
        firstName: "Ada\nVisit https://evil.example",
        email: "ada@example.com",
        interests: "book",
      }),
    });
    expect(response.status).toBe(400);
    expect(await storedRows()).toEqual(before);
  });
});
