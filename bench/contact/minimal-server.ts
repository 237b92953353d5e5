// The contact write path at its least, for `bench:contact` to hold ours against (issue 21 point 8):
// plain node:http, validation written out by hand with the schema's limits, the form-token check
// (HMAC and minimum fill time), one rate-limit statement (both keys in one upsert), and one
// transaction writing the rows ours writes: the two emails (bodies from template strings), the
// sender's person, the message, its analytics event and its attribution. Prepared statements on
// the driver itself; no framework, no React, no outbox worker.
// Usage: DATABASE_URL=file:/tmp/x.db PORT=4000 NEWSLETTER_LINK_SECRET=... tsx bench/contact/minimal-server.ts
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import Sqlite from "better-sqlite3";
import pg from "pg";
import { createDatabase } from "../../app/.server/core/db/database";
import { contactInterests, defaultContactInterest } from "../../app/lib/contact-interests";

const url = process.env.DATABASE_URL ?? "";
const port = Number(process.env.PORT ?? 4000);
const secret = process.env.NEWSLETTER_LINK_SECRET ?? "";
const minFillMs = Number(process.env.CONTACT_MIN_FILL_SECONDS ?? 3) * 1000;
const rateLimit = Number(process.env.CONTACT_RATE_LIMIT ?? 5);
const rateWindowMs = 10 * 60_000;
const mailFrom = "Presence Selling <no-reply@presenceselling.com>";
const ownerEmail = "owner@presenceselling.com";
const contactEmail = "contact@presenceselling.com";
const maxBodyBytes = 32 * 1024;

// The tables come from our migrations; the driver takes over from there.
await (await createDatabase(url)).destroy();

// The limits of app/lib/contact-message-schema.ts, written out.
const markup = /<\s*\/?\s*[a-z!][^>]*>|javascript:/i;
// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const linkLike =
  /:\/\/|www\.|@|[a-z0-9-]\.(com|net|org|info|io|co|biz|xyz|ru|app|link|site|online|top|click)\b/i;
const emailPattern =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

type Message = {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  interest: string;
  message: string;
};

function text(
  body: Record<string, unknown>,
  field: string,
  max: number,
  { required = true, name = false } = {},
): string {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw `${field} is required`;
    return "";
  }
  if (typeof value !== "string") throw `${field} must be text`;
  const trimmed = value.trim();
  if (required && !trimmed) throw `${field} is required`;
  if (trimmed.length > max) throw `${field} must be at most ${max} characters`;
  if (markup.test(trimmed)) throw `${field} must not contain HTML`;
  if (name && control.test(trimmed)) throw `${field} must be a single line`;
  if (name && linkLike.test(trimmed)) throw `${field} must not contain a link`;
  return trimmed;
}

function validate(body: Record<string, unknown>): Message {
  const email = text(body, "email", 254);
  if (!emailPattern.test(email)) throw "Please enter a valid email address.";
  const company = text(body, "company", 200, { required: false });
  if (control.test(company)) throw "company must be a single line";
  const interest = body.interest ?? defaultContactInterest;
  if (!contactInterests.includes(interest as never)) throw "Interest must be one of the list";
  return {
    firstName: text(body, "firstName", 100, { name: true }),
    lastName: text(body, "lastName", 100, { name: true }),
    email,
    company: company || null,
    interest: interest as string,
    message: text(body, "message", 5000),
  };
}

const sign = (payload: string) =>
  createHmac("sha256", secret).update(`form-start:${payload}`).digest("base64url");

/** The form token of support/form-token.ts: signed, unexpired, and older than the fill time. */
function tokenPasses(token: unknown, now: number) {
  if (typeof token !== "string") return false;
  const [payload, given] = token.split(".");
  if (!payload || !given) return false;
  const expected = Buffer.from(sign(payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  if (claims.p !== "form-start" || claims.e * 1000 < now) return false;
  return now - Number(claims.s) >= minFillMs;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );

/** The rows of one message: its own and its two emails, bodies from template strings. */
function rowsOf(message: Message, now: Date) {
  const timestamp = now.toISOString();
  const id = randomUUID();
  const name = `${message.firstName} ${message.lastName}`;
  const ownerText = `New message from ${name} <${message.email}>\nCompany: ${message.company ?? "-"}\nInterest: ${message.interest}\nReceived: ${timestamp}\n\n${message.message}`;
  const ackText = `Hi ${message.firstName},\n\nThank you for reaching out about ${message.interest}. We'll get back to you within 48 hours.\n\nIf it is urgent, write to ${contactEmail}.`;
  const html = (body: string) =>
    `<!DOCTYPE html><html><body><p>${escapeHtml(body).replace(/\n/g, "<br>")}</p></body></html>`;
  const email = (
    purpose: string,
    to: string,
    replyTo: string,
    subject: string,
    body: string,
    headers: object,
  ) => [
    randomUUID(),
    purpose,
    to,
    mailFrom,
    replyTo,
    subject,
    body,
    html(body),
    JSON.stringify(headers),
    "pending",
    0,
    timestamp,
    timestamp,
  ];
  const personId = randomUUID();
  return {
    person: [
      personId,
      message.email,
      message.email.toLowerCase(),
      message.firstName,
      message.lastName,
      "/contact",
      timestamp,
      timestamp,
    ],
    message: (person: string) => [
      id,
      message.firstName,
      message.lastName,
      message.email,
      message.company,
      message.interest,
      message.message,
      person,
      timestamp,
    ],
    event: [timestamp, "contact_message", "/contact"],
    attribution: (person: string) => [randomUUID(), "contact_message", id, person, timestamp],
    emails: [
      email(
        "contact.owner-notification",
        ownerEmail,
        `"${name.replace(/["\\]/g, "")}" <${message.email}>`,
        `New contact message from ${name}`,
        ownerText,
        { "X-Contact-Message-Id": id },
      ),
      email(
        "contact.acknowledgement",
        message.email,
        contactEmail,
        "We received your message",
        ackText,
        { "Auto-Submitted": "auto-replied" },
      ),
    ],
  };
}

// The rows ours writes in its transaction, besides the emails: the sender's person (remembered,
// or seen again), the message pointing at it, the analytics event and the message's attribution.
const personSql =
  "INSERT INTO people (id, email, email_key, first_name, last_name, source, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email_key) DO UPDATE SET last_seen_at = excluded.last_seen_at, first_name = coalesce(excluded.first_name, people.first_name), last_name = coalesce(excluded.last_name, people.last_name) RETURNING id";
const messageSql =
  "INSERT INTO contact_messages (id, first_name, last_name, email, company, interest, message, person_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
const eventSql = "INSERT INTO analytics_events (occurred_at, name, path) VALUES (?, ?, ?)";
const attributionSql =
  "INSERT INTO analytics_attributions (id, conversion, subject_id, person_id, converted_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (conversion, subject_id) DO NOTHING";
const emailSql =
  "INSERT INTO outbox_emails (id, purpose, to_address, from_address, reply_to, subject, text_body, html_body, headers, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
const rateSql =
  "INSERT INTO rate_limit_windows (bucket, client_key, window_start, hits) VALUES ('contact', ?, ?, 1), ('contact', ?, ?, 1) ON CONFLICT (bucket, client_key, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1 RETURNING hits";
const numbered = (statement: string) => {
  let index = 0;
  return statement.replace(/\?/g, () => `$${++index}`);
};

type Store = {
  /** Counts one hit for both keys; true while both are within the limit. */
  hit(keys: [string, string], windowStart: string): Promise<boolean>;
  save(rows: ReturnType<typeof rowsOf>): Promise<void>;
};

function sqliteStore(): Store {
  const database = new Sqlite(url.slice("file:".length));
  database.pragma("journal_mode = WAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  const hit = database.prepare<unknown[], { hits: number }>(rateSql);
  const insertPerson = database.prepare<unknown[], { id: string }>(personSql);
  const insertMessage = database.prepare(messageSql);
  const insertEmail = database.prepare(emailSql);
  const insertEvent = database.prepare(eventSql);
  const insertAttribution = database.prepare(attributionSql);
  const save = database.transaction((rows: ReturnType<typeof rowsOf>) => {
    for (const email of rows.emails) insertEmail.run(email);
    const { id: person } = insertPerson.get(rows.person)!;
    insertMessage.run(rows.message(person));
    insertEvent.run(rows.event);
    insertAttribution.run(rows.attribution(person));
  });
  return {
    hit: async ([first, second], windowStart) =>
      hit.all(first, windowStart, second, windowStart).every(({ hits }) => hits <= rateLimit),
    save: async (rows) => save(rows),
  };
}

function postgresStore(): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    async hit([first, second], windowStart) {
      const { rows } = await pool.query<{ hits: number }>({
        name: "rate",
        text: numbered(rateSql),
        values: [first, windowStart, second, windowStart],
      });
      return rows.every(({ hits }) => hits <= rateLimit);
    },
    async save(rows) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        for (const email of rows.emails)
          await client.query({ name: "email", text: numbered(emailSql), values: email });
        const person = await client.query<{ id: string }>({
          name: "person",
          text: numbered(personSql),
          values: rows.person,
        });
        const personId = person.rows[0]!.id;
        await client.query({
          name: "message",
          text: numbered(messageSql),
          values: rows.message(personId),
        });
        await client.query({ name: "event", text: numbered(eventSql), values: rows.event });
        await client.query({
          name: "attribution",
          text: numbered(attributionSql),
          values: rows.attribution(personId),
        });
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const store = url.startsWith("file:") ? sqliteStore() : postgresStore();

function send(response: ServerResponse, status: number, body: object) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(json),
    "Cache-Control": "no-store",
  });
  response.end(json);
}

async function receive(raw: string, clientAddress: string, response: ServerResponse) {
  let body: Record<string, unknown>;
  let message: Message;
  try {
    body = JSON.parse(raw);
    message = validate(body);
  } catch (error) {
    return send(response, 400, { success: false, error: String(error) });
  }
  const now = new Date();
  const windowStart = new Date(Math.floor(now.getTime() / rateWindowMs) * rateWindowMs);
  const keys: [string, string] = [`email:${message.email.toLowerCase()}`, `ip:${clientAddress}`];
  if (!(await store.hit(keys, windowStart.toISOString())))
    return send(response, 429, { success: false, error: "Too many messages." });
  // A bot is told it succeeded, and nothing is kept.
  if (body.hp_comment || !tokenPasses(body.formToken, now.getTime()))
    return send(response, 200, { success: true });
  await store.save(rowsOf(message, now));
  send(response, 200, { success: true });
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
    const raw = Buffer.concat(chunks).toString("utf8");
    receive(raw, request.socket.remoteAddress ?? "unknown", response).catch(() =>
      send(response, 500, { success: false, error: "not saved" }),
    );
  });
}).listen(port, "127.0.0.1", () => console.log(`minimal reference listening on ${port}`));
