// `npm run bench:contact`: accepted contact submissions per second, p50/p99 latency and CPU per
// submission of POST /functions/v1/send-contact-email on the built server ("ours"), over SQLite and
// over Postgres (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is set), next to two
// references on the same database: reference-server.ts (renders both emails with React in the
// request) and minimal-server.ts (plain node:http, hand-written validation, emails from template
// strings: the least this write can cost), with the ratios of ours to each. The three are loaded in
// turn (ROUNDS=3 rounds of BENCH_DURATION=5 s each). CPU time per accepted submission is the
// figure other work on the machine does not move: throughput follows each process's share of the
// CPU. The rate limits count every request as in production, at a limit the run never reaches; the
// outbox worker runs as in production, writing .eml files; it renders after the window much of what
// the window queued, so "CPU ms/accepted, sent" also counts ours' CPU until its outbox is drained
// (the references send nothing: theirs is the same figure twice). For ours it also prints how its
// outbox kept up with each 5 s burst: emails sent during it, the drain's rate after it, and how
// long after it the last visitor's acknowledgement went (median of the rounds). Each request
// comes from a different sender. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of ours there
// (summarise it with bench/contact/profile-summary.ts). OUTBOX_WORKER chooses where ours sends, as
// in production: inline (the default, on the requests' event loop), thread, or none (the request
// path alone: its outbox is left for a worker process, and "sent" is not measured).
// SERVER_NODE_FLAGS adds Node flags to ours (the semi-space size `npm start` sets, or none).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { createDatabase } from "../../app/.server/core/db/database";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { cpuMsOf } from "../process-stats";
import { builtServerLinkSecret, freePort, startBuiltServer } from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";

const rounds = Number(process.env.ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;

const body = JSON.stringify({
  firstName: "Bench",
  lastName: "Mark",
  // A different sender each request (autocannon fills in [<id>]), as real traffic has: one address
  // for every request would make every transaction wait on the same people row.
  email: "bench-[<id>]@example.com",
  company: "Load Test Inc.",
  interest: "Corporate Training",
  message: "A realistic inquiry of a few sentences. We are a team of 25 and want a workshop.",
  // The form token a page would have handed out a minute before the run.
  formToken: builtServerFormToken(builtServerLinkSecret),
});

type Server = {
  baseURL: string;
  pid: number;
  stop: () => Promise<unknown>;
  /** Resolves once the server has sent every email it queued (ours: its outbox worker). */
  drained?: () => Promise<void>;
  /** How its outbox went during and after a burst (ours). */
  sending?: (burst: { start: Date; end: Date }) => Promise<BurstSending>;
};

type BurstSending = {
  /** Emails the burst queued that were sent before it ended. */
  sentDuringBurst: number;
  /** Emails per second sent after the burst, until the last. */
  drainPerSecond: number;
  /** The last acknowledgement to a visitor of the burst: seconds after the burst ended. */
  lastAcknowledgementAfterS: number;
};

const limits = { CONTACT_RATE_LIMIT: "1000000000", CONTACT_MIN_FILL_SECONDS: "0" };
const cpuProfileDir = process.env.BENCH_CPU_PROF;
/** Node's flags for ours (SERVER_NODE_FLAGS="--max-semi-space-size=2", as `npm start` runs it). */
const serverNodeFlags = (process.env.SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);

/** Where ours sends its outbox: the server's own default unless OUTBOX_WORKER says. */
const outboxWorker = process.env.OUTBOX_WORKER ?? "inline";

async function startOurs(databaseUrl: string, mailDir: string): Promise<Server> {
  return startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      MAIL_DIR: mailDir,
      ...limits,
      OUTBOX_POLL_INTERVAL_MS: "1000",
      OUTBOX_WORKER: outboxWorker,
    },
    [
      ...serverNodeFlags,
      ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : []),
    ],
  );
}

async function startReference(script: string, databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    // Production React, as ours runs: the development build renders emails slower.
    env: {
      ...process.env,
      ...limits,
      NODE_ENV: "production",
      NEWSLETTER_LINK_SECRET: builtServerLinkSecret,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
    },
    stdio: "inherit",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(baseURL);
      break;
    } catch {
      // Two minutes: tsx compiling the reference took more than 30 s at load 20.
      if (attempt > 600 || child.exitCode !== null) throw new Error("reference did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

type Sample = {
  accepted: number;
  seconds: number;
  p99: number;
  p50: number;
  failed: number;
  cpuMs: number;
  /** Including sending what the window queued, after it (ours' outbox worker; the same otherwise). */
  cpuWithSendingMs: number;
  sending?: BurstSending;
};

async function load(server: Server): Promise<Sample> {
  const cpuBefore = cpuMsOf(server.pid);
  const start = new Date();
  const result = await autocannon({
    url: `${server.baseURL}/functions/v1/send-contact-email`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    idReplacement: true,
    connections,
    duration: durationSeconds,
  });
  const cpuMs = cpuMsOf(server.pid) - cpuBefore;
  const end = new Date();
  // The worker renders and writes after the window what the window queued: its CPU is ours too.
  await server.drained?.();
  return {
    accepted: result["2xx"],
    seconds: result.duration,
    p99: result.latency.p99,
    p50: result.latency.p50,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuMs,
    cpuWithSendingMs: cpuMsOf(server.pid) - cpuBefore,
    sending: await server.sending?.({ start, end }),
  };
}

/** When the emails a burst queued were sent: during it, after it, the last acknowledgement. */
async function burstSending(url: string, { start, end }: { start: Date; end: Date }) {
  const database = await createDatabase(url);
  try {
    const emails = await database.db
      .selectFrom("outbox_emails")
      .where("created_at", ">=", start.toISOString())
      .where("created_at", "<=", end.toISOString())
      .select(["sent_at", "template"])
      .execute();
    const sentAt = (email: { sent_at: string | null }) => new Date(email.sent_at!).getTime();
    const after = emails.filter((email) => sentAt(email) > end.getTime());
    const last = Math.max(end.getTime(), ...after.map(sentAt));
    const acknowledgements = emails.filter((email) => email.template === "contact-acknowledgement");
    return {
      sentDuringBurst: emails.length - after.length,
      drainPerSecond: after.length / Math.max(0.001, (last - end.getTime()) / 1000),
      lastAcknowledgementAfterS:
        (Math.max(end.getTime(), ...acknowledgements.map(sentAt)) - end.getTime()) / 1000,
    } satisfies BurstSending;
  } finally {
    await database.destroy();
  }
}

/** Waits (up to two minutes) until no email of the database at `url` is left to send. */
async function outboxDrained(url: string) {
  const database = await createDatabase(url);
  try {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const waiting = await database.db
        .selectFrom("outbox_emails")
        .where("status", "in", ["pending", "sending"])
        .select(sql<string>`count(*)`.as("count"))
        .executeTakeFirstOrThrow();
      if (Number(waiting.count) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error("the outbox did not drain in two minutes");
  } finally {
    await database.destroy();
  }
}

async function storedMessages(url: string) {
  const database = await createDatabase(url);
  const stored = await database.db
    .selectFrom("contact_messages")
    .select(sql<string>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  await database.destroy();
  return Number(stored.count);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const ratio = (ours: number, other: number) => Math.round((ours / other) * 100) / 100;

/**
 * Ours and the two references, each on its own fresh database, loaded in turn round after round
 * (the order rotated each round) so all see the same machine: other work on it slows all alike.
 */
async function compare(database: () => Promise<BenchDatabase>) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
  const targets = { ours: await database(), react: await database(), minimal: await database() };
  const servers = {
    ours: {
      ...(await startOurs(targets.ours.url, mailDir)),
      // OUTBOX_WORKER=none: the request path alone, its outbox left for a worker process to send.
      drained: outboxWorker === "none" ? undefined : () => outboxDrained(targets.ours.url),
      sending:
        outboxWorker === "none"
          ? undefined
          : (burst: { start: Date; end: Date }) => burstSending(targets.ours.url, burst),
    },
    react: await startReference("bench/contact/reference-server.ts", targets.react.url),
    minimal: await startReference("bench/contact/minimal-server.ts", targets.minimal.url),
  };
  const names = ["ours", "react", "minimal"] as const;
  const samples: Record<(typeof names)[number], Sample[]> = { ours: [], react: [], minimal: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < names.length; turn++) {
        const implementation = names[(round + turn) % names.length]!;
        samples[implementation].push(await load(servers[implementation]));
      }
    }
    const summary = async (implementation: (typeof names)[number]) => {
      const runs = samples[implementation];
      const sum = (pick: (sample: Sample) => number) =>
        runs.reduce((total, run) => total + pick(run), 0);
      return {
        database: targets[implementation].name,
        server: implementation,
        "accepted/s":
          Math.round((sum((run) => run.accepted) / sum((run) => run.seconds)) * 10) / 10,
        "p99 ms": median(runs.map((run) => run.p99)),
        "p50 ms": median(runs.map((run) => run.p50)),
        accepted: sum((run) => run.accepted),
        failed: sum((run) => run.failed),
        "CPU ms/accepted":
          Math.round((sum((run) => run.cpuMs) / sum((run) => run.accepted)) * 100) / 100,
        "CPU ms/accepted, sent":
          Math.round((sum((run) => run.cpuWithSendingMs) / sum((run) => run.accepted)) * 100) / 100,
        stored: await storedMessages(targets[implementation].url),
        ...(runs[0]!.sending && {
          "sent in burst": median(runs.map((run) => run.sending!.sentDuringBurst)),
          "drain emails/s": Math.round(median(runs.map((run) => run.sending!.drainPerSecond))),
          "last ack after burst s": median(
            runs.map((run) => run.sending!.lastAcknowledgementAfterS),
          ),
        }),
      };
    };
    const ours = await summary("ours");
    const others = [await summary("react"), await summary("minimal")];
    const rows: Array<Record<string, string | number>> = [ours, ...others];
    for (const other of others) {
      rows.push({
        database: ours.database,
        server: `ours / ${other.server}`,
        "accepted/s": ratio(ours["accepted/s"], other["accepted/s"]),
        "p99 ms": ratio(ours["p99 ms"], other["p99 ms"]),
        "p50 ms": ratio(ours["p50 ms"], other["p50 ms"]),
        "CPU ms/accepted": ratio(ours["CPU ms/accepted"], other["CPU ms/accepted"]),
        "CPU ms/accepted, sent": ratio(
          ours["CPU ms/accepted, sent"],
          other["CPU ms/accepted, sent"],
        ),
      });
    }
    return rows;
  } finally {
    await Promise.all(names.map((name) => servers[name].stop()));
    rmSync(mailDir, { recursive: true, force: true });
    await Promise.all(names.map((name) => targets[name].cleanup()));
  }
}

const databases: Array<() => Promise<BenchDatabase>> = [
  async () => sqliteBenchDatabase("bench-sqlite-"),
];
if (postgresUrl) databases.push(() => postgresBenchDatabase(postgresUrl, "bench"));
else console.warn("No BENCH_POSTGRES_URL or TEST_POSTGRES_URL: measuring SQLite only.");

console.log(
  `POST /functions/v1/send-contact-email, ${connections} connections, ${rounds} rounds of ${durationSeconds} s per server, interleaved (p99 and p50: median of the rounds)`,
);
const rows = [];
for (const database of databases) rows.push(...(await compare(database)));
console.table(rows);
