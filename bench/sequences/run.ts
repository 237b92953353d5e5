// `npm run bench:sequences`: 100,000 readers (BENCH_READERS) confirmed on the newsletter and in one
// three-step sequence, their next steps due over the coming BENCH_SPREAD_MINUTES (default 1,000:
// about 100 readers a minute, each queued an email). Then BENCH_PASSES (default 120) per-minute passes with the clock a
// minute on each time, each timed: the pass's p50, p95, p99 and max, and what it queued. On SQLite
// and on Postgres (TEST_POSTGRES_URL). The target is a p99 under 100 ms.
import { randomUUID } from "node:crypto";
import { CompiledQuery, sql } from "kysely";
import { parseConfig } from "../../app/.server/core/config";
import type { Db } from "../../app/.server/core/db/database";
import { runSequencePass } from "../../app/.server/sequences";
import { dueReadersQuery } from "../../app/.server/sequences/sequence-pass";
import { seedReaders } from "../../support/broadcast-audience";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type DialectName } from "../../support/test-databases";
import { seedSequence } from "./seed-sequence";
import { StatementTimer } from "./statement-timer";

const readers = Number(process.env.BENCH_READERS ?? 100_000);
const spreadMinutes = Number(process.env.BENCH_SPREAD_MINUTES ?? 1_000);
const passes = Number(process.env.BENCH_PASSES ?? 120);
const dialects =
  (process.env.BENCH_DIALECTS?.split(",") as DialectName[] | undefined) ?? allDialects;
const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
});
const start = "2026-11-21T12:00:00.000Z";

async function seed(db: Db) {
  const ids = await seedReaders(
    db,
    Array.from({ length: readers }, (_, index) => ({
      email: `reader${String(index).padStart(6, "0")}@example.com`,
    })),
  );
  const sequenceId = await seedSequence(db, {
    at: start,
    sendHour: 9,
    exitProduct: "pdf",
    delays: [0, 3, 7],
  });
  // Each reader had step 1; step 2 falls due for them somewhere in the coming spread.
  const startMs = Date.parse(start);
  for (let offset = 0; offset < ids.length; offset += 500) {
    await db
      .insertInto("sequence_enrollments")
      .values(
        ids.slice(offset, offset + 500).map((personId, index) => ({
          id: randomUUID(),
          sequence_id: sequenceId,
          person_id: personId,
          status: "active" as const,
          last_position: 0,
          last_step_id: null,
          // Step 1 ten days ago: at its `next_due_at` step 2 (3 days) is due, so every reader a
          // pass finds is queued (the pass's heaviest path).
          last_done_at: new Date(startMs - 10 * 86_400_000).toISOString(),
          next_due_at: new Date(
            startMs + (((offset + index) * spreadMinutes) / ids.length) * 60_000,
          ).toISOString(),
          ended_reason: null,
          started_at: start,
          updated_at: start,
        })),
      )
      .execute();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The planner's plan for the pass's due read, as the database runs it. */
async function duePlan(db: Db, dialect: DialectName, nowIso: string) {
  const query = dueReadersQuery(db, nowIso, 500).compile();
  const prefix = dialect === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN (ANALYZE, COSTS OFF) ";
  const plan = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
  );
  return plan.rows
    .map((row) => String(dialect === "sqlite" ? row.detail : row["QUERY PLAN"]))
    .join("\n");
}

for (const dialect of dialects) {
  const database = await createTestDatabase(dialect);
  try {
    const seeding = performance.now();
    await database.db.transaction().execute((trx) => seed(trx));
    await sql`ANALYZE`.execute(database.db);
    const seeded = performance.now() - seeding;
    const clock = new ManualClock(start);
    // The plan of the first pass's due read: about 100 of the 100,000 due.
    const firstPass = new Date(Date.parse(start) + 60_000).toISOString();
    console.log(
      `${dialect}: the due read's plan\n${await duePlan(database.db, dialect, firstPass)}`,
    );
    const timer = new StatementTimer();
    const deps = { db: database.db.withPlugin(timer), clock, config };
    const times: number[] = [];
    // This process's CPU time in the pass: on a loaded machine the wall time is mostly waiting
    // for a core; on SQLite (in-process) this is what the pass itself costs.
    const cpuTimes: number[] = [];
    const statementTimes = new Map<string, number[]>();
    let queued = 0;
    for (let pass = 0; pass < passes; pass += 1) {
      clock.advance(60_000);
      timer.reset();
      const began = performance.now();
      const cpuBefore = process.cpuUsage();
      const result = await runSequencePass(deps);
      times.push(performance.now() - began);
      const cpu = process.cpuUsage(cpuBefore);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      queued += result.queued;
      for (const [name, each] of timer.times) {
        const list = statementTimes.get(name) ?? [];
        list.push(each.reduce((sum, value) => sum + value, 0));
        statementTimes.set(name, list);
      }
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    for (const [name, list] of statementTimes) {
      list.sort((a, b) => a - b);
      console.log(
        `${dialect}:   ${name}: p50 ${ms(percentile(list, 50))}, p99 ${ms(percentile(list, 99))} a pass`,
      );
    }
    console.log(
      `${dialect}: ${readers.toLocaleString("en-US")} readers seeded in ${(seeded / 1000).toFixed(1)} s; ` +
        `${passes} passes, ${queued} emails queued (${(queued / passes).toFixed(0)} a pass): ` +
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ` +
        `p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1)!)}; ` +
        `CPU in this process p50 ${ms(percentile(cpuTimes, 50))}, p99 ${ms(percentile(cpuTimes, 99))}`,
    );
  } finally {
    await database.dispose();
  }
}
