// `npm run bench:contact`: accepted contact submissions per second and p99 latency of
// POST /functions/v1/send-contact-email on the built server, over SQLite and over Postgres
// (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is set), next to the minimal
// reference server (reference-server.ts) on the same database, and the ratio of the two. The rate
// limit is lifted for the run; the outbox worker runs as in production, writing .eml files.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { createDatabase } from "../../app/.server/db/database";
import {
  builtServerLinkSecret,
  freePort,
  startBuiltServer,
} from "../../tests/support/built-server";
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

type Server = { baseURL: string; stop: () => Promise<unknown> };

async function startOurs(databaseUrl: string, mailDir: string): Promise<Server> {
  return startBuiltServer({
    DATABASE_URL: databaseUrl,
    MAIL_DIR: mailDir,
    CONTACT_RATE_LIMIT: "0",
    CONTACT_MIN_FILL_SECONDS: "0",
    OUTBOX_POLL_INTERVAL_MS: "1000",
  });
}

async function startReference(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/contact/reference-server.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: "inherit",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(baseURL);
      break;
    } catch {
      if (attempt > 150 || child.exitCode !== null) throw new Error("reference did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

async function measure(target: BenchDatabase, implementation: "ours" | "reference") {
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
  const server =
    implementation === "ours"
      ? await startOurs(target.url, mailDir)
      : await startReference(target.url);
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
      server: implementation,
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

const databases: Array<() => Promise<BenchDatabase>> = [
  async () => sqliteBenchDatabase("bench-sqlite-"),
];
if (postgresUrl) databases.push(() => postgresBenchDatabase(postgresUrl, "bench"));
else console.warn("No BENCH_POSTGRES_URL or TEST_POSTGRES_URL: measuring SQLite only.");

console.log(
  `POST /functions/v1/send-contact-email, ${connections} connections, ${durationSeconds} s per run`,
);
const rows = [];
for (const database of databases) {
  const ours = await measure(await database(), "ours");
  const reference = await measure(await database(), "reference");
  rows.push(ours, reference, {
    database: ours.database,
    server: "ours / reference",
    "accepted/s": Math.round((ours["accepted/s"] / reference["accepted/s"]) * 100) / 100,
    "p99 ms": Math.round((ours["p99 ms"] / reference["p99 ms"]) * 100) / 100,
  });
}
console.table(rows);
