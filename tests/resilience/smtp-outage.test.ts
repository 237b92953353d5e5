import { afterAll, beforeAll, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { SmtpSink } from "../../support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";
import {
  contactLead,
  deliveredFor,
  duplicateMessageIds,
  runNpmScript,
  submitLead,
  until,
} from "./contact-leads";

// Two instances on one Postgres database share the outbox while the SMTP server misbehaves.
let database: TestDatabase;
let sink: SmtpSink;
let servers: BuiltServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  sink = await new SmtpSink().start();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    SITE_URL: "http://leads.test",
    OWNER_EMAIL: "owner@leads.test",
    CONTACT_RATE_LIMIT: "0",
    CONTACT_MIN_FILL_SECONDS: "0",
    OUTBOX_MAX_ATTEMPTS: "4",
    OUTBOX_RETRY_BASE_MS: "300",
    // A stalled SMTP conversation ends after 1 s, well inside the 2 s lease each send renews.
    SMTP_TIMEOUT_MS: "1000",
    // And a message taken whole but never answered is waited for 1 s (RFC 5321's 10 minutes).
    SMTP_DATA_REPLY_TIMEOUT_MS: "1000",
    OUTBOX_LEASE_MS: "2000",
  };
  servers = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sink?.stop();
  await database?.dispose();
});

/** Submits `count` leads alternately to both instances; all must be acknowledged. */
async function submitLeads(tag: string, count: number) {
  const leads = Array.from({ length: count }, (_, index) => contactLead(index, tag));
  const statuses = await Promise.all(
    leads.map((lead, index) => submitLead(servers[index % servers.length]!.baseURL, lead)),
  );
  expect(statuses).toEqual(leads.map(() => 200));
  return leads.map((lead) => lead.email);
}

async function outboxOf(addresses: string[]) {
  const rows = await database.db
    .selectFrom("outbox_emails")
    .select(["id", "status", "attempts", "reply_to", "to_address"])
    .execute();
  // A lead's acknowledgement goes to it; the owner's notification names it in Reply-To.
  return rows.filter((row) =>
    addresses.some(
      (address) => row.to_address === address || (row.reply_to ?? "").endsWith(`<${address}>`),
    ),
  );
}

async function failedAttemptsOf(addresses: string[]) {
  const ids = (await outboxOf(addresses)).map((row) => row.id);
  return database.db
    .selectFrom("outbox_attempts")
    .select(["email_id", "error"])
    .where("email_id", "in", ids)
    .where("outcome", "=", "failed")
    .execute();
}

/** Every lead's two emails arrived, each exactly once, and the outbox says sent. */
async function expectDeliveredOnce(addresses: string[]) {
  await until(
    () =>
      addresses.every((address) => {
        const delivered = deliveredFor(sink, address);
        return delivered.acknowledgements.length > 0 && delivered.notifications.length > 0;
      }),
    "every email after the SMTP server came back",
  );
  await until(
    async () => (await outboxOf(addresses)).every((row) => row.status === "sent"),
    "the outbox to record the deliveries",
  );
  for (const address of addresses) {
    const delivered = deliveredFor(sink, address);
    expect([delivered.acknowledgements.length, delivered.notifications.length]).toEqual([1, 1]);
  }
  expect(duplicateMessageIds(sink)).toEqual([]);
}

it("delivers every email exactly once when the SMTP server was down and comes back", async () => {
  await sink.stop();
  const addresses = await submitLeads("outage", 8);
  await until(
    async () =>
      new Set((await failedAttemptsOf(addresses)).map((attempt) => attempt.email_id)).size === 16,
    "a refused attempt at each email",
  );
  await sink.start();
  await expectDeliveredOnce(addresses);
});

it("marks each email the SMTP server took but never answered uncertain, and sends none again", async () => {
  sink.stall();
  const addresses = await submitLeads("stall", 6);
  await until(
    async () => (await outboxOf(addresses)).every((row) => row.status === "uncertain"),
    "every email marked uncertain",
  );
  // One attempt each: a message the server may have taken is never sent a second time.
  const attempts = await failedAttemptsOf(addresses);
  expect(new Set(attempts.map((attempt) => attempt.email_id)).size).toBe(12);
  expect(attempts).toHaveLength(12);
  expect(attempts.every((attempt) => /may have gone out/.test(attempt.error ?? ""))).toBe(true);
  expect(sink.stalledMessages).toBe(12);
  sink.resume();
});

it("sends an email the outbox gave up on once `npm run outbox:retry` requeues it", async () => {
  await sink.stop();
  const addresses = await submitLeads("given-up", 3);
  await until(
    async () => (await outboxOf(addresses)).every((row) => row.status === "failed"),
    "the outbox to give up on every email",
  );
  await sink.start();
  const retry = await runNpmScript("outbox:retry", [], { DATABASE_URL: database.url });
  expect(retry.stderr).toBe("");
  expect(retry.stdout).toMatch(/^6 failed email\(s\) queued again/m);
  expect(retry.status).toBe(0);
  await expectDeliveredOnce(addresses);
});
