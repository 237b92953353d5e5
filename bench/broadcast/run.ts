// `npm run bench:broadcast`: first, the headline, through the product: the built server (run
// `npm run build` first) with its defaults and the throttle lifted, a broadcast to
// BENCH_PRODUCT_RECIPIENTS (default 2,000) started with the console's "Send now" (an HTTP POST as
// the signed-in owner), timed to the last email at a local counting sink; then the same to a sink
// answering each message in 0.5 s, for the most emails in flight at once (BENCH_SLOW_SINK=0
// skips it; BENCH_CPU_PROF=<dir> writes a CPU profile of each server there). Then, in-process (BENCH_DELIVER=0 skips it): queue
// one broadcast to BENCH_RECIPIENTS (default 100,000) confirmed subscribers (time and peak memory
// of the queueing step), and deliver BENCH_DELIVER of its emails (default 5,000) through the
// outbox worker to a local SMTP sink with the throttle lifted (emails per second). On SQLite and
// on Postgres (TEST_POSTGRES_URL, which it needs). Run by vite-node: the site's emails import a
// .txt as ?raw, which tsx cannot load.
import { registerSiteEmails } from "../../app/.server/server/wiring/site-emails";
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { SinkMessage } from "./counting-sink";
import { broadcastOutboxHooks } from "../../app/.server/broadcasts/broadcast-outbox-hooks";
import { saveBroadcastDraft } from "../../app/.server/broadcasts/broadcast-drafts";
import { queueBroadcast, sendBroadcast } from "../../app/.server/broadcasts/broadcast-sending";
import { systemClock } from "../../app/.server/core/clock";
import { parseConfig } from "../../app/.server/core/config";
import { createDatabase, type Db } from "../../app/.server/core/db/database";
import { smtpTransport } from "../../app/.server/mail/mail-transport";
import { startOutboxWorker } from "../../app/.server/mail/outbox-worker";
import { seedReaders } from "../../support/broadcast-audience";
import { allDialects, createTestDatabase, type DialectName } from "../../support/test-databases";
import { cpuMsOf, mainThreadScheduleOf } from "../process-stats";
import { createCookie } from "react-router";
import { hashSecretToken, newSecretToken } from "../../app/.server/admin/secret-token";
import { randomUUID } from "node:crypto";
import { startBuiltServer } from "../../support/built-server";

// The mail engine renders the capabilities' emails as the site registers them.
registerSiteEmails();

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const deliverCount = Number(process.env.BENCH_DELIVER ?? 5_000);
/** `BENCH_DIALECTS=sqlite` (or postgres) runs one; both by default. */
const dialects =
  (process.env.BENCH_DIALECTS?.split(",") as DialectName[] | undefined) ?? allDialects;
const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
});
/** The production defaults: SMTP_POOL_CONNECTIONS and four times as many emails in flight. */
const poolConnections = Number(process.env.SMTP_POOL_CONNECTIONS ?? 5);
const deps = (db: Parameters<typeof saveBroadcastDraft>[0]["db"]) => ({
  db,
  clock: systemClock,
  config,
  outbox: { wake() {} },
  broadcastQueue: { wake() {} },
});
const body = [
  "# This week: presence at the close",
  "A letter of a realistic length, with **emphasis**, a [link](https://presence.example/articles/close) and a list:",
  "- Breathe\n- Listen\n- Ask",
  "> Slow is smooth, smooth is fast.",
  "[Read the chapter](https://presence.example/book){button}",
].join("\n\n");

/**
 * The SMTP sink (counting-sink.ts) in a process of its own: the bench measures our side, and a
 * sink on the sender's event loop took a share of its CPU and delayed its replies.
 */
async function startSink({ replyDelayMs = 0 } = {}) {
  const child = fork(fileURLToPath(new URL("./counting-sink.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, SINK_REPLY_DELAY_MS: String(replyDelayMs) },
  });
  let received = 0;
  let maxInFlight = 0;
  let cpuAnswer: ((cpuMs: number) => void) | undefined;
  const port = await new Promise<number>((resolve) => {
    child.on("message", (message: SinkMessage) => {
      if ("port" in message) resolve(message.port);
      else if ("received" in message) ({ received, maxInFlight } = message);
      else cpuAnswer?.(message.cpuMs);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    maxInFlight: () => maxInFlight,
    cpuMs: () =>
      new Promise<number>((resolve) => {
        cpuAnswer = resolve;
        child.send("cpu");
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    },
  };
}

function peakMemory() {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peakRss, process.memoryUsage().rss);
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** CPU time of this process (user and system) since `start`: unlike seconds, it ignores the load. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** Names the connections queueing and delivery use, so their Postgres backends can be found. */
const queueingConnections = `bench-queueing-${process.pid}`;
const deliveryConnections = `bench-delivery-${process.pid}`;

/**
 * CPU used so far by the Postgres backends of one set of connections (the server runs on this
 * machine): the database's own work, which the load moves far less than seconds do.
 */
async function backendsCpu(db: Db, applicationName: string) {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE application_name = ${applicationName}
  `.execute(db);
  return new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)]));
}

/** CPU the backends used between two readings; a backend opened meanwhile counts from zero. */
function backendsCpuSince(before: Map<number, number>, after: Map<number, number>) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** BENCH_CPU_PROF=<dir>: a V8 CPU profile of each built server there. */
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const productRecipients = Number(process.env.BENCH_PRODUCT_RECIPIENTS ?? 2_000);
const slowSink = process.env.BENCH_SLOW_SINK !== "0";
const owner = "owner@presence.example";
/** The console's session cookie, as the server writes it (react-router's unsigned cookie). */
const sessionCookie = createCookie("admin_session", { path: "/admin" });

/**
 * One broadcast through the built server, from "Send now" to the last email at the sink: emails
 * per second, and the most the sink held unanswered at once.
 */
async function throughTheProduct(dialect: DialectName, replyDelayMs: number) {
  const database = await createTestDatabase(dialect);
  const sink = await startSink({ replyDelayMs });
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    SITE_URL: "http://presence.example",
    MAIL_FROM: "Presence Selling <no-reply@presence.example>",
    MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
    OWNER_EMAIL: owner,
    BROADCAST_RATE_PER_MINUTE: "0",
    // The production default (the test servers poll every 100 ms).
    OUTBOX_POLL_INTERVAL_MS: "5000",
  };
  const server = await startBuiltServer(
    env,
    cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [],
  );
  try {
    const { db } = database;
    await seedReaders(
      db,
      Array.from({ length: productRecipients }, (_, index) => ({
        email: `reader${index}@example.com`,
      })),
    );
    if (dialect === "postgres") await sql`analyze`.execute(db);
    const saved = await saveBroadcastDraft(deps(db), {
      input: {
        subject: "Bench letter",
        previewText: "A bench",
        bodyMarkdown: body,
        list: "newsletter",
      },
      actor: owner,
    });
    if (saved.outcome !== "saved") throw new Error("draft refused");
    // The owner's console session, as signing in leaves it (its token only in the cookie).
    const token = newSecretToken();
    const csrf = newSecretToken();
    const now = new Date();
    await db
      .insertInto("admin_sessions")
      .values({
        id: randomUUID(),
        token_hash: hashSecretToken(token),
        csrf_token: csrf,
        email: owner,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      })
      .execute();
    const start = performance.now();
    const cpuBefore = cpuMsOf(server.pid);
    const scheduleBefore = mainThreadScheduleOf(server.pid);
    const response = await fetch(`${server.baseURL}/admin/broadcasts/${saved.id}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.baseURL,
        Cookie: await sessionCookie.serialize(token),
      },
      body: new URLSearchParams({ intent: "send", csrf }),
    });
    if (response.status !== 302) throw new Error(`Send now answered ${response.status}`);
    while (sink.received() < productRecipients) {
      if (performance.now() - start > 300_000) throw new Error(`stuck at ${sink.received()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seconds = (performance.now() - start) / 1000;
    const schedule = mainThreadScheduleOf(server.pid);
    const ranMs = schedule.ranMs - scheduleBefore.ranMs;
    const waitedForCoreMs = schedule.waitedForCoreMs - scheduleBefore.waitedForCoreMs;
    return {
      perSecond: productRecipients / seconds,
      seconds,
      maxInFlight: sink.maxInFlight(),
      // The server's CPU per email, queueing and sending: the figure the load does not move.
      cpuMsPerEmail: (cpuMsOf(server.pid) - cpuBefore) / productRecipients,
      // Where the main thread's time went: the idle share is a wait in the code, not the load.
      mainThread: {
        ranMs,
        waitedForCoreMs,
        idleMs: seconds * 1000 - ranMs - waitedForCoreMs,
      },
    };
  } finally {
    await server.stop();
    await sink.stop();
    await database.dispose();
  }
}

const inSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// BENCH_PRODUCT_RECIPIENTS=0: in-process only.
for (const dialect of productRecipients > 0 ? dialects : []) {
  const fast = await throughTheProduct(dialect, 0);
  const slow = slowSink ? await throughTheProduct(dialect, 500) : undefined;
  console.log(
    `${dialect}, through the built server ("Send now" to the last email at the sink, throttle lifted, defaults): ` +
      `${fast.perSecond.toFixed(0)} emails/s (${productRecipients} in ${fast.seconds.toFixed(1)} s), the server's CPU ${fast.cpuMsPerEmail.toFixed(2)} ms per email, at most ${fast.maxInFlight} in flight; ` +
      `its main thread ran ${inSeconds(fast.mainThread.ranMs)}, waited for a core ${inSeconds(fast.mainThread.waitedForCoreMs)}, idle ${inSeconds(fast.mainThread.idleMs)}; ` +
      (slow
        ? `to a sink answering in 0.5 s: ${slow.perSecond.toFixed(0)} emails/s, at most ${slow.maxInFlight} in flight; `
        : "") +
      `load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

// BENCH_DELIVER=0: through the product only.
for (const dialect of deliverCount > 0 ? dialects : []) {
  const database = await createTestDatabase(dialect);
  try {
    const { db } = database;
    let seeded = Date.now();
    await seedReaders(
      db,
      Array.from({ length: recipients }, (_, index) => ({
        email: `reader${index}@example.com`,
        interests: index % 3 === 0 ? ["book"] : ["insights"],
      })),
    );
    seeded = Date.now() - seeded;
    // Autovacuum analyzes a table within a minute of a bulk load; the bench sends at once, and
    // without statistics Postgres reads a whole list to check five readers (see decision 078).
    if (dialect === "postgres") await sql`analyze`.execute(db);
    const saved = await saveBroadcastDraft(deps(db), {
      input: {
        subject: "Bench letter",
        previewText: "A bench",
        bodyMarkdown: body,
        list: "newsletter",
      },
      actor: "bench@presence.example",
    });
    if (saved.outcome !== "saved") throw new Error("draft refused");
    await sendBroadcast(deps(db), { id: saved.id, actor: "bench@presence.example" });

    const queueing =
      dialect === "postgres"
        ? await createDatabase(`${database.url}&application_name=${queueingConnections}`)
        : undefined;
    const queueDb = queueing?.db ?? db;
    const backendsBefore = queueing
      ? await backendsCpu(queueDb, queueingConnections)
      : new Map<number, number>();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const stopSampling = peakMemory();
    const queueStart = performance.now();
    const queueCpu = process.cpuUsage();
    const queued = await queueBroadcast(deps(queueDb), saved.id);
    const queueMs = performance.now() - queueStart;
    const queueCpuMs = cpuMs(queueCpu);
    const peakRss = stopSampling();
    let backendsCpuMs = 0;
    if (queueing) {
      backendsCpuMs = backendsCpuSince(
        backendsBefore,
        await backendsCpu(queueDb, queueingConnections),
      );
      await queueing.destroy();
    }
    const delivering =
      dialect === "postgres"
        ? await createDatabase(`${database.url}&application_name=${deliveryConnections}`)
        : undefined;
    const deliverDb = delivering?.db ?? db;

    const sink = await startSink();
    const sinkCpuBefore = await sink.cpuMs();
    const transport = smtpTransport(sink.url, {
      pool: { connections: poolConnections, messagesPerConnection: 100 },
    });
    const deliverStart = performance.now();
    const deliverCpu = process.cpuUsage();
    // The worker as the server runs it: its own loop, emails in flight as they are claimed.
    const worker = startOutboxWorker({
      db: deliverDb,
      transport,
      pollIntervalMs: 1_000,
      concurrency: poolConnections * 4,
      hooks: broadcastOutboxHooks({ db: deliverDb, config }),
      bulkRatePerMinute: 0,
    });
    while (sink.received() < deliverCount) await new Promise((resolve) => setTimeout(resolve, 5));
    const deliverSeconds = (performance.now() - deliverStart) / 1000;
    const deliverCpuMs = cpuMs(deliverCpu);
    const delivered = sink.received();
    const sinkCpuMs = (await sink.cpuMs()) - sinkCpuBefore;
    // Every delivery connection opened after the start: the backends' CPU counts from zero.
    const deliveryBackendsCpuMs = delivering
      ? backendsCpuSince(new Map(), await backendsCpu(db, deliveryConnections))
      : 0;
    await worker.stop();
    await delivering?.destroy();
    transport.close();
    await sink.stop();

    console.log(
      [
        `${dialect}: seeded ${recipients} subscribers in ${(seeded / 1000).toFixed(1)} s`,
        `  queued ${queued} emails in ${(queueMs / 1000).toFixed(1)} s (${Math.round(queued / (queueMs / 1000))}/s, this process's CPU ${(queueCpuMs / 1000).toFixed(1)} s${queueing ? `, its Postgres backends' ${(backendsCpuMs / 1000).toFixed(1)} s` : ""}), RSS ${mb(rssBefore)} before, peak ${mb(peakRss)} (+${mb(peakRss - rssBefore)})`,
        `  delivered ${delivered} to the SMTP sink in ${deliverSeconds.toFixed(1)} s: ${(delivered / deliverSeconds).toFixed(0)} emails/s, CPU ${(deliverCpuMs / delivered).toFixed(2)} ms per email (the sink's own process: ${(sinkCpuMs / delivered).toFixed(2)} ms${delivering ? `, the Postgres backends': ${(deliveryBackendsCpuMs / delivered).toFixed(2)} ms` : ""}), load average ${loadavg()[0]!.toFixed(1)} (throttle lifted, ${poolConnections} pooled SMTP connections, ${poolConnections * 4} emails in flight)`,
      ].join("\n"),
    );
  } finally {
    await database.dispose();
  }
}
