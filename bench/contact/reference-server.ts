// The contact write path with nothing but Node and the database drivers, for `bench:contact` to
// compare ours with: plain node:http, the same zod schema and email templates, the same transaction
// (one contact_messages row and two outbox_emails rows), prepared statements. No rate limit, no
// spam traps, no outbox worker: what the database and the validation cost alone.
// Usage: DATABASE_URL=file:/tmp/x.db PORT=4000 tsx bench/contact/reference-server.ts
import { registerSiteEmails } from "../../app/.server/server/wiring/site-emails";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import Sqlite from "better-sqlite3";
import pg from "pg";
import { createDatabase } from "../../app/.server/core/db/database";
import { contactAcknowledgement } from "../../app/.server/leads/emails/contact-acknowledgement";
import { contactOwnerNotification } from "../../app/.server/leads/emails/contact-owner-notification";
import { renderTemplatedEmail } from "../../app/.server/mail/templates/template-registry";
import { contactMessageSchema, type ContactMessage } from "../../app/lib/contact-message-schema";

// The mail engine renders the capabilities' emails as the site registers them.
registerSiteEmails();

const url = process.env.DATABASE_URL ?? "";
const port = Number(process.env.PORT ?? 4000);
const mailFrom = "Presence Selling <no-reply@presenceselling.com>";
const ownerEmail = "owner@presenceselling.com";
const contactEmail = "contact@presenceselling.com";
const maxBodyBytes = 32 * 1024;

// The tables come from our migrations; the driver takes over from there.
await (await createDatabase(url)).destroy();

const messageColumns = [
  "id",
  "first_name",
  "last_name",
  "email",
  "company",
  "interest",
  "message",
  "created_at",
];
const outboxColumns = [
  "id",
  "purpose",
  "to_address",
  "from_address",
  "reply_to",
  "subject",
  "text_body",
  "html_body",
  "headers",
  "status",
  "attempts",
  "next_attempt_at",
  "created_at",
];

/** The three rows of one message, as parameter lists in the column orders above. */
async function rowsOf(message: ContactMessage) {
  const now = new Date();
  const timestamp = now.toISOString();
  const id = randomUUID();
  const [owner, acknowledgement] = await Promise.all([
    renderTemplatedEmail(contactOwnerNotification(message, now)),
    renderTemplatedEmail(
      contactAcknowledgement(message, { contactEmail, siteUrl: "https://presenceselling.com" }),
    ),
  ]);
  const email = (
    purpose: string,
    to: string,
    replyTo: string,
    content: { subject: string; text: string; html?: string },
    headers: Record<string, string>,
  ) => [
    randomUUID(),
    purpose,
    to,
    mailFrom,
    replyTo,
    content.subject,
    content.text,
    content.html ?? null,
    JSON.stringify(headers),
    "pending",
    0,
    timestamp,
    timestamp,
  ];
  return {
    message: [
      id,
      message.firstName,
      message.lastName,
      message.email,
      message.company ?? null,
      message.interest,
      message.message,
      timestamp,
    ],
    emails: [
      email(
        "contact.owner-notification",
        ownerEmail,
        `"${message.firstName} ${message.lastName}" <${message.email}>`,
        owner,
        { "X-Contact-Message-Id": id },
      ),
      email("contact.acknowledgement", message.email, contactEmail, acknowledgement, {
        "Auto-Submitted": "auto-replied",
      }),
    ],
  };
}

const insert = (table: string, columns: string[], placeholder: (index: number) => string) =>
  `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((_, index) => placeholder(index)).join(", ")})`;

async function sqliteStore(): Promise<(message: ContactMessage) => Promise<void>> {
  const database = new Sqlite(url.slice("file:".length));
  database.pragma("journal_mode = WAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  const insertMessage = database.prepare(insert("contact_messages", messageColumns, () => "?"));
  const insertEmail = database.prepare(insert("outbox_emails", outboxColumns, () => "?"));
  const store = database.transaction((rows: Awaited<ReturnType<typeof rowsOf>>) => {
    insertMessage.run(rows.message);
    for (const email of rows.emails) insertEmail.run(email);
  });
  return async (message) => store(await rowsOf(message));
}

async function postgresStore(): Promise<(message: ContactMessage) => Promise<void>> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const messageText = insert("contact_messages", messageColumns, (index) => `$${index + 1}`);
  const emailText = insert("outbox_emails", outboxColumns, (index) => `$${index + 1}`);
  return async (message) => {
    const rows = await rowsOf(message);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query({ name: "insert-message", text: messageText, values: rows.message });
      for (const email of rows.emails)
        await client.query({ name: "insert-email", text: emailText, values: email });
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  };
}

const store = url.startsWith("file:") ? await sqliteStore() : await postgresStore();

function send(response: import("node:http").ServerResponse, status: number, body: object) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(json),
  });
  response.end(json);
}

createServer((request, response) => {
  if (request.method !== "POST") return send(response, 405, { success: false, error: "Use POST" });
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBodyBytes) request.destroy();
    else chunks.push(chunk);
  });
  request.on("end", () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(response, 400, { success: false, error: "Malformed JSON" });
    }
    const parsed = contactMessageSchema.safeParse(body);
    if (!parsed.success)
      return send(response, 400, { success: false, error: parsed.error.issues[0]?.message });
    store(parsed.data).then(
      () => send(response, 200, { success: true }),
      () => send(response, 500, { success: false, error: "not saved" }),
    );
  });
}).listen(port, "127.0.0.1", () => console.log(`reference listening on ${port}`));
