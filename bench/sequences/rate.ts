// The second half of `npm run bench:sequences` (issue 38 point 7): BENCH_RATE_STEPS (default
// 10,000) readers whose next step falls due at the same hour (the sequence's send hour, today, in
// their zone), sent by the built server (`npm run build` first) as deployed: its per-minute pass
// queues them, its outbox worker sends them through the shared throttle at
// BENCH_RATE_PER_MINUTE (default 3,000, set as BROADCAST_RATE_PER_MINUTE) to a real SMTP server in
// this process. Measured at the sink: the emails' rate, the fullest rolling minute, and how long a
// transactional email queued every two seconds meanwhile took to arrive (they go first). Bounded
// by BENCH_RATE_MAX_SECONDS (default 600) per database; BENCH_DIALECTS as the first half.
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { enqueueEmail } from "../../app/.server/mail/outbox";
import type { Db } from "../../app/.server/core/db/database";
import { seedReaders } from "../../support/broadcast-audience";
import { startBuiltServer } from "../../support/built-server";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type DialectName } from "../../support/test-databases";
import { seedSequence } from "./seed-sequence";

const steps = Number(process.env.BENCH_RATE_STEPS ?? 10_000);
const ratePerMinute = Number(process.env.BENCH_RATE_PER_MINUTE ?? 3_000);
const maxSeconds = Number(process.env.BENCH_RATE_MAX_SECONDS ?? 600);
const dialects =
  (process.env.BENCH_DIALECTS?.split(",") as DialectName[] | undefined) ?? allDialects;
const stepSubject = "Day two: the pause before the ask";
const from = "Presence Selling <no-reply@presence.example>";

/** Every reader due at this hour (UTC, their zone), their step 1 done yesterday. */
async function seed(db: Db, now: Date) {
  const sendHour = now.getUTCHours();
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString();
  const ids = await seedReaders(
    db,
    Array.from({ length: steps }, (_, index) => ({
      email: `rate${String(index).padStart(6, "0")}@readers.test`,
    })),
  );
  const sequenceId = await seedSequence(db, {
    at: now.toISOString(),
    sendHour,
    exitProduct: null,
    delays: [0, 1],
    subjects: ["Welcome", stepSubject],
  });
  for (let offset = 0; offset < ids.length; offset += 500) {
    await db
      .insertInto("sequence_enrollments")
      .values(
        ids.slice(offset, offset + 500).map((personId) => ({
          id: randomUUID(),
          sequence_id: sequenceId,
          person_id: personId,
          status: "active" as const,
          last_position: 0,
          last_step_id: null,
          last_done_at: yesterday,
          // Step 2 (a day) falls due at the send hour today: the same instant for all of them.
          next_due_at: new Date(
            Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), sendHour),
          ).toISOString(),
          ended_reason: null,
          started_at: yesterday,
          updated_at: yesterday,
        })),
      )
      .execute();
  }
  return sequenceId;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The most receipts within any `windowMs` starting at one receipt. */
function fullestWindow(times: number[], windowMs: number) {
  let most = 0;
  let last = 0;
  for (let first = 0; first < times.length; first++) {
    while (last < times.length && times[last]! - times[first]! < windowMs) last++;
    most = Math.max(most, last - first);
  }
  return most;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

for (const dialect of dialects) {
  const database = await createTestDatabase(dialect);
  const sink = await new SmtpSink().start();
  try {
    const sequenceId = await seed(database.db, new Date());
    console.log(`${dialect}: ${steps} readers due at the same hour; load average ${load()}`);
    const started = Date.now();
    const server = await startBuiltServer({
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      SITE_URL: "http://presence.example",
      MAIL_FROM: from,
      MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
      OWNER_EMAIL: "owner@presence.example",
      BOOKING_TIME_ZONE: "UTC",
      BROADCAST_RATE_PER_MINUTE: String(ratePerMinute),
      SEQUENCE_PASS_INTERVAL_MS: "1000",
    });
    const queued = async () =>
      Number(
        (
          await database.db
            .selectFrom("outbox_emails")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("broadcast_id", "=", sequenceId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let queuedAt: number | undefined;
    const transactional = new Map<string, number>();
    const deadline = started + maxSeconds * 1000;
    let sent = 0;
    while (Date.now() < deadline) {
      if (queuedAt === undefined && (await queued()) >= steps) queuedAt = Date.now();
      const subject = `Transactional ${transactional.size + 1}`;
      await enqueueEmail(database.db, {
        purpose: "bench.transactional",
        to: `buyer${transactional.size}@readers.test`,
        from,
        subject,
        text: "Your receipt.",
      });
      transactional.set(subject, Date.now());
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      sent = sink.received.filter((email) => email.parsed.subject === stepSubject).length;
      if (sent >= steps) break;
    }
    await server.stop();
    const receipts = sink.received
      .filter((email) => email.parsed.subject === stepSubject)
      .map((email) => email.receivedAt)
      .sort((a, b) => a - b);
    const span = (receipts.at(-1)! - receipts[0]!) / 1000;
    // Receipts in each minute from the first: the rate held, or where it was not.
    const perMinute: number[] = [];
    for (const at of receipts) {
      const minute = Math.floor((at - receipts[0]!) / 60_000);
      perMinute[minute] = (perMinute[minute] ?? 0) + 1;
    }
    const waits = sink.received
      .filter((email) => transactional.has(email.parsed.subject ?? ""))
      .map((email) => email.receivedAt - transactional.get(email.parsed.subject!)!)
      .sort((a, b) => a - b);
    console.log(
      `${dialect}: queued all ${steps} in ${queuedAt ? ((queuedAt - started) / 1000).toFixed(1) : "—"} s ` +
        `from the server's start; ${receipts.length} at the sink in ${(span / 60).toFixed(2)} min ` +
        `(${(((receipts.length - 1) / span) * 60).toFixed(0)} a minute, configured ${ratePerMinute}); ` +
        `fullest rolling minute ${fullestWindow(receipts, 60_000)}, fullest 10 s ${fullestWindow(receipts, 10_000)}; ` +
        `${waits.length} of ${transactional.size} transactional emails arrived, ` +
        `p50 ${percentile(waits, 50)} ms, max ${waits.at(-1)} ms after queueing; load average ${load()}`,
    );
    console.log(`${dialect}: receipts in each minute from the first: ${perMinute.join(", ")}`);
    if (sent < steps)
      console.log(`${dialect}: stopped at BENCH_RATE_MAX_SECONDS with ${sent} sent`);
  } finally {
    await sink.stop();
    await database.dispose();
  }
}
