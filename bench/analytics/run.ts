// `npm run bench:analytics`: (1) sustained ingestion of page-view beacons by the built server over
// HTTP, on SQLite and on Postgres (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is
// set): accepted and stored events per second, p50/p99 of the beacon's answer, CPU per event and
// the server's peak memory. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_VISITORS (default 20,000). (2) the console's analytics queries over a year of seeded data
// (BENCH_VIEWS page views, default 10 million; raw events for BENCH_RETENTION_DAYS, default 90, and
// daily rollups for the rest, as the product holds them): p50/p99 of each query and of the whole
// console page over BENCH_RUNS runs (default 30), and this process's peak memory.
// BENCH_PART=ingestion or dashboard runs one part only. BENCH_CPU_PROF=dir writes the ingesting
// server's CPU profile there (read it with bench/contact/profile-summary.ts).
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { measureDashboard } from "./dashboard";
import { measureIngestion } from "./ingestion";
import { peakResidentMb } from "../process-stats";

const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const part = process.env.BENCH_PART;

const databases: Array<() => Promise<BenchDatabase>> = [
  async () => sqliteBenchDatabase("bench-analytics-"),
];
if (postgresUrl) databases.push(() => postgresBenchDatabase(postgresUrl, "bench_analytics"));
else console.warn("No BENCH_POSTGRES_URL or TEST_POSTGRES_URL: measuring SQLite only.");

if (!part || part === "ingestion") {
  const options = {
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    visitors: Number(process.env.BENCH_VISITORS ?? 20_000),
    cpuProfileDir: process.env.BENCH_CPU_PROF,
  };
  console.log(
    `POST /beacon, ${options.connections} connections for ${options.durationSeconds} s, ${options.visitors} visitors`,
  );
  const rows = [];
  for (const database of databases) {
    const target = await database();
    try {
      rows.push(await measureIngestion(target, options));
    } finally {
      await target.cleanup();
    }
  }
  console.table(rows);
}

if (!part || part === "dashboard") {
  const options = {
    yearViews: Number(process.env.BENCH_VIEWS ?? 10_000_000),
    retentionDays: Number(process.env.BENCH_RETENTION_DAYS ?? 90),
    runs: Number(process.env.BENCH_RUNS ?? 30),
  };
  for (const database of databases) {
    const target = await database();
    try {
      await measureDashboard(target, options);
    } finally {
      await target.cleanup();
    }
  }
  console.log(`peak RSS of this process: ${Math.round(peakResidentMb(process.pid))} MB`);
}
