// `npm run bench:analytics`: (1) sustained ingestion of page-view beacons by the built server over
// HTTP, on SQLite and on Postgres (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is
// set): accepted and stored events per second, p50/p99 of the beacon's answer, CPU per event and
// the server's peak memory. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50),
// BENCH_VISITORS (default 20,000). (2) the console's analytics queries over a year of seeded data
// (see dashboard.ts). BENCH_PART=ingestion or dashboard runs one part only.
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { measureIngestion } from "./ingestion";

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
