// `npm run bench:content` (issue 36): how long an article published through the console's HTTP
// action takes to be served, by the instance that published it and by a second instance on the
// same PostgreSQL; then the cached article page's request rate against nginx serving the same
// bytes as a static file (one nginx worker, as `bench:static`), with and without gzip.
// Usage: npm run build && TEST_POSTGRES_URL=postgres://… npm run bench:content
//   (PUBLISHES=5, BENCH_DURATION=5 s, BENCH_CONNECTIONS=10, ROUNDS=2)
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { createTestDatabase } from "../../support/test-databases";
import { startNginx } from "../nginx-static-server";

const publishes = Number(process.env.PUBLISHES ?? 5);
const rounds = Number(process.env.ROUNDS ?? 2);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const owner = "owner@bench.test";

/** Milliseconds from `since` until `url` answers 200 (polled every 5 ms). */
async function visibleAfter(url: string, since: number) {
  for (;;) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const database = await createTestDatabase("postgres");
const mailDir = mkdtempSync(path.join(tmpdir(), "bench-content-mail-"));
const env = {
  DATABASE_URL: database.url,
  SITE_URL: "http://bench.test",
  ADMIN_EMAILS: owner,
  MAIL_DIR: mailDir,
};
const servers: BuiltServer[] = [];
const rootDir = mkdtempSync(path.join(tmpdir(), "bench-content-root-"));
// nginx's worker (nobody, when started by root) must read it.
chmodSync(rootDir, 0o755);
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const stopAll = async () => {
  await Promise.allSettled([...servers.map((server) => server.stop()), nginx?.stop()]);
  await database.dispose();
  rmSync(rootDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(130)));

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);
const format = (ms: number) => `${ms.toFixed(0)} ms`;
const loadBefore = loadavg();

try {
  const publisher = await consolePublisher(database.db, { email: owner });
  servers.push(await startBuiltServer(env));
  const [first] = servers as [BuiltServer];

  /** Publishes a new article through `through` and times it becoming visible on each instance. */
  async function publishAndWatch(label: string, through: BuiltServer) {
    const slug = `bench-${label}-${Math.random().toString(36).slice(2, 8)}`;
    const id = await publisher.newArticle();
    const started = performance.now();
    const { status } = await publisher.publish(through.baseURL, id, {
      slug,
      title: `Bench ${slug}`,
    });
    if (status !== 200) throw new Error(`publish answered ${status}`);
    const answered = performance.now() - started;
    const visible = await Promise.all(
      servers.map((server) => visibleAfter(`${server.baseURL}/articles/${slug}`, started)),
    );
    return { answered, visible, slug };
  }

  const one = { answered: [] as number[], visible: [] as number[] };
  for (let index = 0; index < publishes; index++) {
    const run = await publishAndWatch("one", first);
    one.answered.push(run.answered);
    one.visible.push(run.visible[0]!);
  }

  servers.push(await startBuiltServer(env));
  const two = { answered: [] as number[], here: [] as number[], other: [] as number[] };
  for (let index = 0; index < publishes; index++) {
    const run = await publishAndWatch("two", first);
    two.answered.push(run.answered);
    two.here.push(run.visible[0]!);
    two.other.push(run.visible[1]!);
  }

  // The cached article page, and the same bytes as nginx's static file (gzip copy beside it).
  const { slug } = await publishAndWatch("rate", first);
  const page = await fetch(`${first.baseURL}/articles/${slug}`);
  const cacheHeader = page.headers.get("x-content-cache");
  const bytes = Buffer.from(await page.arrayBuffer());
  mkdirSync(path.join(rootDir, "articles", slug), { recursive: true });
  writeFileSync(path.join(rootDir, "articles", slug, "index.html"), bytes);
  writeFileSync(
    path.join(rootDir, "articles", slug, "index.html.gz"),
    gzipSync(bytes, { level: 9 }),
  );
  nginx = await startNginx(rootDir);

  const rates = new Map<string, number[]>();
  let failed = 0;
  for (let round = 0; round < rounds; round++)
    for (const encoding of ["identity", "gzip"])
      for (const [server, baseURL] of [
        ["node", first.baseURL],
        ["nginx", nginx.baseURL],
      ] as const) {
        const result = await autocannon({
          url: `${baseURL}/articles/${slug}`,
          headers: { "accept-encoding": encoding },
          connections,
          duration: durationSeconds,
        });
        failed += result.non2xx + result.errors + result.timeouts;
        const key = `${encoding} ${server}`;
        rates.set(key, [...(rates.get(key) ?? []), result["2xx"] / result.duration]);
      }

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `\nLoad average before: ${loadBefore.map((value) => value.toFixed(2)).join(" ")}, after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `Article page: ${bytes.length} bytes, first GET after publish X-Content-Cache: ${cacheHeader}\n`,
  );
  console.log(
    "| publish to visible (PostgreSQL) | publish answered (median / max) | visible here (median / max) | visible on the other (median / max) |",
  );
  console.log("| --- | --- | --- | --- |");
  console.log(
    `| one instance, ${publishes} publishes | ${format(median(one.answered))} / ${format(max(one.answered))} | ${format(median(one.visible))} / ${format(max(one.visible))} | – |`,
  );
  console.log(
    `| two instances, ${publishes} publishes | ${format(median(two.answered))} / ${format(max(two.answered))} | ${format(median(two.here))} / ${format(max(two.here))} | ${format(median(two.other))} / ${format(max(two.other))} |`,
  );
  console.log(`\nFailed requests (non-2xx, errors, timeouts) over every rate run: ${failed}`);
  console.log("\n| cached article page | node req/s | nginx req/s | node / nginx |");
  console.log("| --- | --- | --- | --- |");
  for (const encoding of ["identity", "gzip"]) {
    const node = mean(rates.get(`${encoding} node`)!);
    const nginxRate = mean(rates.get(`${encoding} nginx`)!);
    console.log(
      `| ${encoding} | ${node.toFixed(0)} | ${nginxRate.toFixed(0)} | ${(node / nginxRate).toFixed(2)}× |`,
    );
  }
} finally {
  await stopAll();
}
