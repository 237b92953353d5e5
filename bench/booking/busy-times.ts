// `npm run bench:booking-busy`: the owner's busy-times calendar, 500 VEVENTs over a year with
// weekly series, exceptions and moved occurrences (owner-feed.ts). (1) ical.js parsing and
// expansion for the booking window, the CPU of a refresh; (2) a whole refresh (claim, fetch from a
// local HTTP server, expansion, store) and (3) the booking page's data with the stored copy, on
// SQLite and Postgres (TEST_POSTGRES_URL), and without the copy: ms and SQL statements per
// operation. Prints figures; asserts nothing.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { KyselyPlugin } from "kysely";
import { busyTimesOf } from "../../app/.server/booking/owner-calendar/busy-calendar-events";
import { bookingPageData } from "../../app/.server/booking/slots/booking-page";
import {
  refreshBusyTimes,
  saveBusyCalendarUrl,
} from "../../app/.server/booking/owner-calendar/busy-times";
import { parseConfig } from "../../app/.server/core/config";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase } from "../../support/test-databases";
import { ownerFeed } from "./owner-feed";

const runs = Number(process.env.BENCH_RUNS ?? 100);
const dayMs = 86_400_000;
const startedAt = "2026-11-27T12:00:00.000Z";
const now = Date.parse(startedAt);
const config = parseConfig({
  SITE_URL: "https://presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
  BOOKING_BUSY_POLL_INTERVAL_MS: "300000",
});
// The default rules' horizon (56 days), and a day either side, as refreshBusyTimes expands.
const window = { from: now - dayMs, until: now + 57 * dayMs, ownerZone: "America/Denver" };

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Runs `operation` `runs` times: wall-clock p50/p99 and the process's CPU per run. */
async function measure(operation: () => unknown) {
  const timings: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await operation();
    timings.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  timings.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2);
  return `p50 ${ms(percentile(timings, 0.5))} ms, p99 ${ms(percentile(timings, 0.99))} ms, CPU ${ms((cpu.user + cpu.system) / 1000 / runs)} ms per run`;
}

/** Counts the SQL statements a database handle sends (each query compiles once). */
function statementCounter() {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      counter.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { counter, plugin };
}

const feed = ownerFeed(now);
console.log(
  `owner feed: ${feed.events} VEVENTs, ${(feed.text.length / 1024).toFixed(0)} KiB; ` +
    `${busyTimesOf(feed.text, window).length} busy times in the 58-day window`,
);
console.log(
  `parse and expand (ical.js, ${runs} runs): ${await measure(() => busyTimesOf(feed.text, window))}`,
);

const server = createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/calendar" });
  response.end(feed.text);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/owner/basic.ics`;

for (const dialect of allDialects) {
  const database = await createTestDatabase(dialect);
  try {
    const { counter, plugin } = statementCounter();
    const deps = { db: database.db.withPlugin(plugin), clock: new ManualClock(startedAt), config };
    await saveBusyCalendarUrl(deps, { url: feedUrl, actor: "bench" });

    counter.statements = 0;
    await refreshBusyTimes(deps);
    const notDue = counter.statements;
    counter.statements = 0;
    await refreshBusyTimes(deps, { force: true });
    const refresh = counter.statements;
    console.log(
      `${dialect}: refresh (claim, fetch, expand, store): ${await measure(() => refreshBusyTimes(deps, { force: true }))}; ` +
        `${refresh} statements; a round that is not due: ${notDue} statement`,
    );

    counter.statements = 0;
    const page = await bookingPageData(deps, { kind: "intro", zoneParam: "Europe/London" });
    const render = counter.statements;
    console.log(
      `${dialect}: booking page data with the stored copy (${page.days.length} days): ` +
        `${await measure(() => bookingPageData(deps, { kind: "intro", zoneParam: "Europe/London" }))}; ` +
        `${render} statements`,
    );
    // The same page without a busy calendar: what the stored copy adds to a render.
    await saveBusyCalendarUrl(deps, { url: "", actor: "bench" });
    console.log(
      `${dialect}: booking page data without a busy calendar: ` +
        `${await measure(() => bookingPageData(deps, { kind: "intro", zoneParam: "Europe/London" }))}`,
    );
  } finally {
    await database.dispose();
  }
}
server.close();
