import autocannon from "autocannon";
import { sql } from "kysely";
import { createDatabase } from "../../app/.server/core/db/database";
import { startBuiltServer } from "../../support/built-server";
import type { BenchDatabase } from "../bench-databases";
import { cpuMsOf, peakResidentMb } from "../process-stats";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export type IngestionOptions = {
  durationSeconds: number;
  connections: number;
  /** Distinct simulated visitors, each a client address the server reads from X-Forwarded-For. */
  visitors: number;
  /** A directory for the server's V8 CPU profile (`BENCH_CPU_PROF`), or undefined. */
  cpuProfileDir: string | undefined;
};

async function storedEvents(url: string) {
  const database = await createDatabase(url);
  try {
    const { count } = await database.db
      .selectFrom("analytics_events")
      .select(sql<string>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    return Number(count);
  } finally {
    await database.destroy();
  }
}

/**
 * Page views POSTed to /beacon as `navigator.sendBeacon` sends them (text/plain, same-origin),
 * from `visitors` addresses in turn behind a trusted proxy, each visitor on a different page each
 * time (so no view is a reload), and far below the per-visitor limit: every beacon should count.
 * Stored events are counted once the server has flushed its buffer. Then GET /readyz under the
 * same load: on a machine shared with other work, the ratio of the two says what a beacon costs.
 */
export async function measureIngestion(target: BenchDatabase, options: IngestionOptions) {
  const server = await startBuiltServer(
    { DATABASE_URL: target.url, TRUST_PROXY: "loopback", LOG_LEVEL: "warn" },
    options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
  );
  try {
    let sent = 0;
    const setupRequest = (request: { headers?: Record<string, string>; body?: string }) => {
      const visitor = sent % options.visitors;
      const page = Math.floor(sent / options.visitors) % 40;
      sent++;
      request.headers = {
        ...request.headers,
        "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
      };
      request.body = JSON.stringify({
        n: "pageview",
        u: `/articles/page-${page}?utm_source=bench&utm_campaign=c${visitor % 7}`,
        r: visitor % 3 === 0 ? "https://news.example.org/item" : "",
        w: visitor % 2 === 0 ? 390 : 1280,
      });
      return request;
    };
    const storedBefore = await storedEvents(target.url);
    const cpuBefore = cpuMsOf(server.pid);
    const started = performance.now();
    const result = await autocannon({
      url: `${server.baseURL}/beacon`,
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        origin: server.baseURL,
        "sec-fetch-site": "same-origin",
        "user-agent": chrome,
      },
      connections: options.connections,
      duration: options.durationSeconds,
      requests: [{ setupRequest }],
    });
    // Until the last batch is written: the stored count has not grown for longer than the
    // buffer's flush interval (1 s). The rate counts up to the moment the last batch was seen.
    let stored = await storedEvents(target.url);
    let lastGrowth = performance.now();
    while (performance.now() - lastGrowth < 2_500) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await storedEvents(target.url);
      if (now !== stored) lastGrowth = performance.now();
      stored = now;
    }
    const storedSeconds = (lastGrowth - started) / 1000;
    stored -= storedBefore;
    const accepted = result["2xx"];
    const beaconCpuMs = cpuMsOf(server.pid) - cpuBefore;
    // The same server's cheapest answer under the same load: what the machine allows right now.
    const floorCpuBefore = cpuMsOf(server.pid);
    const floor = await autocannon({
      url: `${server.baseURL}/readyz`,
      connections: options.connections,
      duration: options.durationSeconds,
    });
    const floorCpuMs = cpuMsOf(server.pid) - floorCpuBefore;
    return {
      database: target.name,
      "accepted/s": Math.round(accepted / result.duration),
      "stored/s": Math.round(stored / storedSeconds),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      accepted,
      stored,
      refused: result.non2xx + result.errors + result.timeouts,
      "CPU ms/1000 events": Math.round(beaconCpuMs / (accepted / 1000)),
      "/readyz answers/s": Math.round(floor["2xx"] / floor.duration),
      "/readyz CPU ms/1000": Math.round(floorCpuMs / (floor["2xx"] / 1000)),
      "server peak RSS MB": Math.round(peakResidentMb(server.pid)),
    };
  } finally {
    await server.stop();
  }
}
