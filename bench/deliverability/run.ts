// `npm run bench:deliverability` (issue 48 point 6): 10,000 signed provider events (Mailgun,
// Postmark, SendGrid and Resend bounces and complaints, a quarter each) posted to the built
// server's webhooks over one minute, on SQLite and PostgreSQL. Open loop: each event is due at its
// time whatever the answers before it, and goes out on one of CONNECTIONS kept-alive connections
// (as providers post); each answer is timed from when its post was due, and the time until the
// last kept body is processed is taken from the database.
// Usage: npm run build && npm run bench:deliverability (EVENTS=10000, SECONDS=60,
//   DIALECTS=sqlite,postgres, CONNECTIONS=48, SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/x")
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { Agent, request } from "node:http";
import path from "node:path";
import { startBuiltServer } from "../../support/built-server";
import "../../support/local-postgres";
import {
  mailgunWebhook,
  postmarkWebhook,
  resendSecret,
  resendWebhook,
  sendgridKeys,
  sendgridWebhook,
  type SignedWebhook,
} from "../../support/provider-webhooks";
import { createTestDatabase, type DialectName } from "../../support/test-databases";

const events = Number(process.env.EVENTS ?? 10_000);
const seconds = Number(process.env.SECONDS ?? 60);
const dialects = (process.env.DIALECTS ?? "sqlite,postgres").split(",") as DialectName[];
const people = 2_000;
// As providers post: a bounded set of kept-alive connections, not one new connection a post.
const connections = Number(process.env.CONNECTIONS ?? 48);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const serverFlags = process.env.SERVER_FLAGS?.split(" ").filter(Boolean) ?? [];
const mailgunKey = "key-mailgun-signing-for-the-bench";
const postmarkSecret = "postmark-secret-for-the-bench";
const resend = resendSecret();
const sendgrid = sendgridKeys();

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

/** A process's CPU seconds so far (user + system), from /proc: the server's cost, whatever the load. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Posts one webhook through the pool; resolves with the answer's status once it is read. */
function post(base: URL, pathname: string, webhook: SignedWebhook) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: pathname,
        method: "POST",
        headers: webhook.headers,
      },
      (answer) => {
        answer.on("error", reject);
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(webhook.body);
  });
}

/** Each event signed before the clock starts: the bench times the server, not the signing. */
function signedEvents(): { provider: string; webhook: SignedWebhook }[] {
  return Array.from({ length: events }, (_, index) => {
    const spec = {
      email: `reader${index % people}@bench.test`,
      kind:
        index % 10 === 0
          ? ("complaint" as const)
          : index % 3
            ? ("hard" as const)
            : ("soft" as const),
      eventId: randomUUID(),
    };
    switch (index % 4) {
      case 0:
        return { provider: "mailgun", webhook: mailgunWebhook(mailgunKey, spec) };
      case 1:
        return { provider: "postmark", webhook: postmarkWebhook(postmarkSecret, spec) };
      case 2:
        return { provider: "sendgrid", webhook: sendgridWebhook(sendgrid.privateKey, [spec]) };
      default:
        return { provider: "resend", webhook: resendWebhook(resend, spec) };
    }
  });
}

async function run(dialect: DialectName) {
  const database = await createTestDatabase(dialect);
  const now = new Date().toISOString();
  for (let start = 0; start < people; start += 500) {
    await database.db
      .insertInto("people")
      .values(
        Array.from({ length: 500 }, (_, offset) => ({
          id: randomUUID(),
          email: `reader${start + offset}@bench.test`,
          email_key: `reader${start + offset}@bench.test`,
          first_name: null,
          last_name: null,
          source: "/signup",
          first_seen_at: now,
          last_seen_at: now,
          bounced_at: null,
          bounce_reason: null,
        })),
      )
      .execute();
  }
  const server = await startBuiltServer(
    {
      DATABASE_URL: database.url,
      SITE_URL: "http://bench.test",
      MAIL_DIR: mkdtempSync(path.join(tmpdir(), "bench-deliverability-mail-")),
      MAILGUN_WEBHOOK_SIGNING_KEY: mailgunKey,
      POSTMARK_WEBHOOK_SECRET: postmarkSecret,
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKey,
      RESEND_WEBHOOK_SECRET: resend,
    },
    serverFlags,
  );
  const posts = signedEvents();
  const answers: number[] = [];
  const statuses = new Map<number, number>();
  let resets = 0;
  const spacingMs = (seconds * 1000) / events;
  const base = new URL(server.baseURL);
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  await Promise.all(
    posts.map(async ({ provider, webhook }, index) => {
      const due = started + index * spacingMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A kept-alive socket the server closed as it was reused is counted and posted again.
      let status: number;
      for (;;) {
        try {
          status = await post(base, `/webhooks/email/${provider}`, webhook);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") throw error;
          resets += 1;
        }
      }
      // From the time it was due, not the time it left: a post queued behind a slow answer for a
      // free connection counts its wait (no coordinated omission).
      answers.push(performance.now() - due);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
  const postedMs = performance.now() - started;
  const unprocessed = async () =>
    Number(
      (
        await database.db
          .selectFrom("provider_webhook_events")
          .select((eb) => eb.fn.countAll<string | number>().as("count"))
          .where("processed_at", "is", null)
          .executeTakeFirstOrThrow()
      ).count,
    );
  while ((await unprocessed()) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (performance.now() - started > 10 * 60_000) break;
  }
  const processedMs = performance.now() - started;
  const serverCpuMsPerEvent = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / events;
  const result = {
    dialect,
    events,
    statuses: Object.fromEntries(statuses),
    resets,
    postedSeconds: +(postedMs / 1000).toFixed(1),
    allProcessedSeconds: +(processedMs / 1000).toFixed(1),
    deliveryEvents: Number(
      (
        await database.db
          .selectFrom("delivery_events")
          .select((eb) => eb.fn.countAll<string | number>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    ),
    p50Ms: +percentile(answers, 0.5).toFixed(1),
    p99Ms: +percentile(answers, 0.99).toFixed(1),
    maxMs: +Math.max(...answers).toFixed(1),
    serverCpuMsPerEvent: +serverCpuMsPerEvent.toFixed(2),
    connections,
    load: loadavg()[0]!.toFixed(1),
  };
  await server.stop();
  await database.dispose();
  return result;
}

for (const dialect of dialects) console.log(JSON.stringify(await run(dialect)));
