// `npm run bench:bounce-mailbox` (issue 48 point 6): 1,000 delivery reports (DSNs, each naming an
// email the site sent by its return path) put in a real Dovecot mailbox, read and recorded by the
// built server's bounce-mailbox loop from its start, on SQLite and PostgreSQL, with ordinary
// requests (/healthz and the home page) running beside it once it answers.
// Usage: npm run build && npm run bench:bounce-mailbox (REPORTS=1000, DIALECTS=sqlite,postgres)
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../../support/built-server";
import { startDovecot } from "../../support/dovecot";
import "../../support/local-postgres";
import { createTestDatabase, type DialectName } from "../../support/test-databases";

const reports = Number(process.env.REPORTS ?? 1000);
const dialects = (process.env.DIALECTS ?? "sqlite,postgres").split(",") as DialectName[];
const hardBounce = readFileSync("tests/fixtures/delivery-reports/postfix-hard-bounce.eml", "utf8");
const fixtureId = "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

async function sideTraffic(baseURL: string, stop: { done: boolean }) {
  const samples: number[] = [];
  for (let turn = 0; !stop.done; turn++) {
    const started = performance.now();
    const response = await fetch(`${baseURL}${turn % 2 ? "/" : "/healthz"}`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return samples;
}

async function run(dialect: DialectName) {
  const dovecot = await startDovecot();
  const database = await createTestDatabase(dialect);
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-bounce-mail-"));
  const now = new Date().toISOString();
  const ids: string[] = [];
  for (let start = 0; start < reports; start += 200) {
    const people = [];
    const emails = [];
    for (let index = start; index < Math.min(reports, start + 200); index++) {
      const email = `reader${index}@bench.test`;
      const id = randomUUID();
      ids.push(id);
      people.push({
        id: randomUUID(),
        email,
        email_key: email,
        first_name: null,
        last_name: null,
        source: "/signup",
        first_seen_at: now,
        last_seen_at: now,
        bounced_at: null,
        bounce_reason: null,
      });
      emails.push({
        id,
        purpose: "broadcast.bench",
        to_address: email,
        from_address: "hello@presenceselling.com",
        reply_to: null,
        subject: "Presence, not pressure",
        text_body: "The newsletter.",
        html_body: null,
        headers: "{}",
        status: "sent" as const,
        attempts: 1,
        next_attempt_at: now,
        sent_at: now,
        created_at: now,
      });
    }
    await database.db.insertInto("people").values(people).execute();
    await database.db.insertInto("outbox_emails").values(emails).execute();
  }
  const imap = await dovecot.connect();
  for (const [index, id] of ids.entries()) {
    await imap.append(
      "INBOX",
      hardBounce
        .replaceAll(fixtureId, id)
        .replaceAll("no.such.reader@example.org", `reader${index}@bench.test`)
        .replace("<20261207091244.5A1B2C3D4E@mx", `<${randomUUID()}@mx`),
    );
  }
  await imap.logout();
  // The server's first round starts with the server: from its spawn to the last report recorded.
  const appended = performance.now();
  const server = await startBuiltServer({
    DATABASE_URL: database.url,
    SITE_URL: "http://bench.test",
    MAIL_DIR: mailDir,
    BOUNCE_ADDRESS: "bounces@presenceselling.com",
    BOUNCE_MAILBOX_URL: dovecot.url,
    BOUNCE_MAILBOX_POLL_INTERVAL_MS: "1000",
  });
  const stop = { done: false };
  const side = sideTraffic(server.baseURL, stop);
  let recorded = 0;
  while (recorded < reports) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const row = await database.db
      .selectFrom("delivery_events")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .executeTakeFirstOrThrow();
    recorded = Number(row.count);
    if (performance.now() - appended > 300_000) throw new Error(`only ${recorded} in 5 minutes`);
  }
  const wallMs = performance.now() - appended;
  stop.done = true;
  const samples = await side;
  const span = await database.db
    .selectFrom("delivery_events")
    .select((eb) => [eb.fn.min("received_at").as("first"), eb.fn.max("received_at").as("last")])
    .executeTakeFirstOrThrow();
  const bounced = await database.db
    .selectFrom("people")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("bounced_at", "is not", null)
    .executeTakeFirstOrThrow();
  await server.stop();
  await database.dispose();
  await dovecot.stop();
  rmSync(mailDir, { recursive: true, force: true });
  return {
    dialect,
    reports,
    recorded,
    suppressed: Number(bounced.count),
    wallSeconds: +(wallMs / 1000).toFixed(1),
    firstToLastSeconds: +(
      (Date.parse(String(span.last)) - Date.parse(String(span.first))) /
      1000
    ).toFixed(1),
    sideRequests: samples.length,
    sideP50Ms: +percentile(samples, 0.5).toFixed(1),
    sideP99Ms: +percentile(samples, 0.99).toFixed(1),
    load: loadavg()[0]!.toFixed(1),
  };
}

for (const dialect of dialects) console.log(JSON.stringify(await run(dialect)));
