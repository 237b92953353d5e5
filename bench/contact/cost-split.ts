// Where a contact message's CPU goes, without HTTP and without other work interleaved: the
// contact service (validation, rate limit, spam traps, the transaction) for COUNT messages one
// after another, then the outbox worker rendering and writing their two emails (.eml files, as
// bench:contact's server does), each phase timed with process.cpuUsage. What bench:contact's
// "CPU ms/accepted" holds beyond these two is HTTP, Express and request logging.
// Usage: NODE_ENV=production npx vite-node --mode production bench/contact/cost-split.ts [count=500]
// (vite-node: app code imports a .txt as ?raw, which tsx cannot; SQLite, and Postgres with
// BENCH_POSTGRES_URL or TEST_POSTGRES_URL as well).
import { registerSiteEmails } from "../../app/.server/server/wiring/site-emails";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { systemClock } from "../../app/.server/core/clock";
import { parseConfig } from "../../app/.server/core/config";
import { createDatabase } from "../../app/.server/core/db/database";
import { receiveContactMessage } from "../../app/.server/leads/contact-messages";
import { mailDirTransport } from "../../app/.server/mail/mail-transport";
import { startOutboxWorker } from "../../app/.server/mail/outbox-worker";
import { builtServerFormToken } from "../../support/form-token";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";

// The mail engine renders the capabilities' emails as the site registers them.
registerSiteEmails();

const count = Number(process.argv[2] ?? 500);
const secret = "newsletter-link-secret-for-the-cost-split";
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function split(target: BenchDatabase) {
  const database = await createDatabase(target.url);
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-split-mail-"));
  const config = parseConfig(
    {
      NODE_ENV: "production",
      DATABASE_URL: target.url,
      NEWSLETTER_LINK_SECRET: secret,
      CONTACT_RATE_LIMIT: "1000000000",
      CONTACT_MIN_FILL_SECONDS: "0",
    },
    { enforceDeployment: false },
  );
  const deps = { db: database.db, clock: systemClock, config, outbox: { wake: () => {} } };
  const formToken = builtServerFormToken(secret);
  const fields = (index: number) => ({
    firstName: "Bench",
    lastName: "Mark",
    email: `split-${index}@example.com`,
    company: "Load Test Inc.",
    interest: "Corporate Training",
    message: "A realistic inquiry of a few sentences. We are a team of 25 and want a workshop.",
  });
  try {
    // Warm-up: the first calls compile code and prepare statements.
    for (let index = 0; index < 50; index++) {
      await receiveContactMessage(deps, {
        fields: fields(-index - 1),
        traps: { formToken },
        clientAddress: "127.0.0.1",
      });
    }
    let started = process.cpuUsage();
    for (let index = 0; index < count; index++) {
      const received = await receiveContactMessage(deps, {
        fields: fields(index),
        traps: { formToken },
        clientAddress: `10.0.${index >> 8}.${index & 255}`,
      });
      if (received.outcome !== "stored") throw new Error(`not stored: ${received.outcome}`);
    }
    const serviceMs = cpuMs(started);
    const transport = mailDirTransport(mailDir);
    const worker = startOutboxWorker({
      db: database.db,
      transport,
      clock: systemClock,
      pollIntervalMs: 3_600_000,
      concurrency: 10,
    });
    await worker.stop();
    started = process.cpuUsage();
    let sent = 0;
    for (let tried; (tried = await worker.runOnce()) > 0;) sent += tried;
    const workerMs = cpuMs(started);
    transport.close();
    return {
      database: target.name,
      messages: count,
      "service CPU ms/message": Math.round((serviceMs / count) * 100) / 100,
      emails: sent,
      "worker CPU ms/message (2 emails)": Math.round((workerMs / count) * 100) / 100,
    };
  } finally {
    await database.destroy();
    rmSync(mailDir, { recursive: true, force: true });
    await target.cleanup();
  }
}

const rows = [await split(sqliteBenchDatabase("bench-split-"))];
if (postgresUrl) rows.push(await split(await postgresBenchDatabase(postgresUrl, "bench_split")));
console.table(rows);
