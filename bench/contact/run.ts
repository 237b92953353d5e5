// `npm run bench:contact`: accepted contact submissions per second and p99 latency of
// POST /functions/v1/send-contact-email on the built server, over SQLite and over Postgres
// (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is set). The rate limit is
// lifted for the run; the outbox worker runs as in production, writing .eml files.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import { createDatabase } from "../../app/.server/db/database";
import { builtServerLinkSecret, startBuiltServer } from "../../tests/support/built-server";
import { builtServerFormToken } from "../../tests/support/form-token";

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;

const body = JSON.stringify({
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.com",
  company: "Load Test Inc.",
  interest: "Corporate Training",
  message: "A realistic inquiry of a few sentences. We are a team of 25 and want a workshop.",
  // The form token a page would have handed out a minute before the run.
  formToken: builtServerFormToken(builtServerLinkSecret),
});

type Target = { name: string; url: string; cleanup: () => Promise<void> };

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-sqlite-"));
  return {
    name: "SQLite",
    url: `file:${path.join(dir, "site.db")}`,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const target = new URL(url);
  target.searchParams.set("options", `-c search_path=${schema}`);
  return {
    name: "PostgreSQL",
    url: target.toString(),
    cleanup: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function measure(target: Target) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
  const server = await startBuiltServer({
    DATABASE_URL: target.url,
    MAIL_DIR: mailDir,
    CONTACT_RATE_LIMIT: "0",
    CONTACT_MIN_FILL_SECONDS: "0",
    OUTBOX_POLL_INTERVAL_MS: "1000",
  });
  try {
    const result = await autocannon({
      url: `${server.baseURL}/functions/v1/send-contact-email`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      connections,
      duration: durationSeconds,
    });
    const database = await createDatabase(target.url);
    const stored = await database.db
      .selectFrom("contact_messages")
      .select(sql<string>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    await database.destroy();
    return {
      database: target.name,
      "accepted/s": Math.round((result["2xx"] / result.duration) * 10) / 10,
      "p99 ms": result.latency.p99,
      "p50 ms": result.latency.p50,
      accepted: result["2xx"],
      "non-2xx": result.non2xx,
      errors: result.errors + result.timeouts,
      stored: Number(stored.count),
    };
  } finally {
    await server.stop();
    rmSync(mailDir, { recursive: true, force: true });
    await target.cleanup();
  }
}

const targets = [sqliteTarget()];
if (postgresUrl) targets.push(postgresTarget(postgresUrl));
else console.warn("No BENCH_POSTGRES_URL or TEST_POSTGRES_URL: measuring SQLite only.");

console.log(
  `POST /functions/v1/send-contact-email, ${connections} connections, ${durationSeconds} s per database`,
);
const rows = [];
for (const target of targets) rows.push(await measure(await target));
console.table(rows);
