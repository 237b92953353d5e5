// `npm run bench:import` (issue 46 point 7): a 200,000-row people import through the built
// server's console (upload, preview, import), with ordinary requests (/healthz and the home page)
// running beside it the whole time; their latency per step, on SQLite and PostgreSQL.
// Usage: npm run build && TEST_POSTGRES_URL=postgres://… npm run bench:import
//   (ROWS=200000, DIALECTS=sqlite,postgres, SIDE_LOOPS=2; BEFORE_BUILD=/path/build/server.js
//   runs another build, migrated without this branch's migration 684, for the figures before)
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { createTestDatabase, type DialectName } from "../../support/test-databases";
import { migrations } from "../../app/.server/core/db/migrations";

const rows = Number(process.env.ROWS ?? 200_000);
const dialects = (process.env.DIALECTS ?? "sqlite,postgres").split(",") as DialectName[];
const sideLoops = Number(process.env.SIDE_LOOPS ?? 2);
const beforeBuild = process.env.BEFORE_BUILD;
const owner = "owner@bench.test";

/** A Mailchimp-like export: every row a new address with consent, a tenth repeated. */
function exportFile() {
  const lines = ['"Email Address","First Name","Last Name",CONFIRM_TIME,TAGS'];
  for (let index = 0; index < rows; index++) {
    const person = index % 10 === 9 ? index - 1 : index;
    lines.push(`p${person}@bench.test,First${person},Last${person},2024-03-05 10:22:11,`);
  }
  return lines.join("\n");
}

type Sample = { at: number; ms: number };

/**
 * Sequential requests to `paths` until `stop`, each timed. A connection the server reset (a
 * keep-alive socket closing as it is reused, after a stall) is counted and the request made again.
 */
async function sideTraffic(baseURL: string, paths: string[], stop: { done: boolean }) {
  const samples: Sample[] = [];
  let resets = 0;
  for (let turn = 0; !stop.done; turn++) {
    const url = `${baseURL}${paths[turn % paths.length]}`;
    const started = performance.now();
    for (;;) {
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        break;
      } catch (error) {
        if ((error as Error).message !== "fetch failed") throw error;
        resets += 1;
      }
    }
    samples.push({ at: started, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { samples, resets };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

async function run(dialect: DialectName) {
  const upTo = beforeBuild
    ? Object.fromEntries(Object.entries(migrations).filter(([name]) => !name.startsWith("684_")))
    : undefined;
  const database = await createTestDatabase(dialect, { upTo });
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-import-mail-"));
  const server = await startBuiltServer(
    {
      DATABASE_URL: database.url,
      SITE_URL: "http://bench.test",
      ADMIN_EMAILS: owner,
      MAIL_DIR: mailDir,
    },
    [],
    beforeBuild,
  );
  const publisher = await consolePublisher(database.db, { email: owner });
  const consoleRequest = (url: string, init: RequestInit = {}) =>
    fetch(`${server.baseURL}${url}`, {
      ...init,
      redirect: "manual",
      headers: { Origin: server.baseURL, Cookie: publisher.cookie, ...init.headers },
    });
  /** The import page, reloaded every half second until it shows `marker`. */
  async function pageUntil(url: string, marker: string) {
    for (;;) {
      const html = await (await consoleRequest(url)).text();
      if (html.includes(marker)) return html;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const stop = { done: false };
  const side = Promise.all(
    Array.from({ length: sideLoops }, () => sideTraffic(server.baseURL, ["/healthz", "/"], stop)),
  );
  const steps: { name: string; from: number; to: number }[] = [];
  const step = async <T>(name: string, work: () => Promise<T>) => {
    const from = performance.now();
    const result = await work();
    steps.push({ name, from, to: performance.now() });
    return result;
  };
  try {
    // Side traffic first settles for two seconds: the quiet baseline.
    await step("quiet", () => new Promise((resolve) => setTimeout(resolve, 2_000)));
    const csv = exportFile();
    const id = await step("upload", async () => {
      const form = new FormData();
      form.set("csrf", publisher.csrf);
      form.set("file", new Blob([csv]), "bench.csv");
      const response = await consoleRequest("/admin/people/import", { method: "POST", body: form });
      const location = response.headers.get("Location") ?? "";
      if (response.status !== 302) throw new Error(`upload answered ${response.status}`);
      return new URL(location, server.baseURL).searchParams.get("id")!;
    });
    const page = `/admin/people/import?id=${id}`;
    await step("preview", () => pageUntil(page, 'data-testid="import-preview"'));
    await step("preview reload", () => pageUntil(page, 'data-testid="import-preview"'));
    await step("import", async () => {
      const response = await consoleRequest("/admin/people/import", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: publisher.csrf, id, intent: "import" }),
      });
      const html = await response.text();
      if (!html.includes('data-testid="import-result"')) {
        await pageUntil(page, 'data-testid="import-result"');
      }
    });
    const people = await database.db
      .selectFrom("people")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    stop.done = true;
    const loops = await side;
    const samples = loops.flatMap((loop) => loop.samples);
    const resets = loops.reduce((sum, loop) => sum + loop.resets, 0);
    const lines = [
      `${dialect}${beforeBuild ? " (before)" : ""}: ${people.count} people after, ${resets} connections reset and retried`,
    ];
    lines.push(
      "| step | wall | side requests | p50 | p99 | max |",
      "|---|---:|---:|---:|---:|---:|",
    );
    for (const { name, from, to } of steps) {
      const during = samples
        .filter((sample) => sample.at >= from && sample.at < to)
        .map((s) => s.ms);
      lines.push(
        `| ${name} | ${((to - from) / 1000).toFixed(1)} s | ${during.length} | ${percentile(during, 0.5).toFixed(1)} ms | ${percentile(during, 0.99).toFixed(1)} ms | ${Math.max(0, ...during).toFixed(1)} ms |`,
      );
    }
    const job = samples
      .filter((sample) => sample.at >= steps[1]!.from && sample.at < steps.at(-1)!.to)
      .map((s) => s.ms);
    lines.push(
      `| upload to imported | ${((steps.at(-1)!.to - steps[1]!.from) / 1000).toFixed(1)} s | ${job.length} | ${percentile(job, 0.5).toFixed(1)} ms | ${percentile(job, 0.99).toFixed(1)} ms | ${Math.max(...job).toFixed(1)} ms |`,
    );
    return lines.join("\n");
  } finally {
    stop.done = true;
    await side.catch(() => undefined);
    await server.stop();
    await database.dispose();
    rmSync(mailDir, { recursive: true, force: true });
  }
}

const loadBefore = loadavg();
const reports: string[] = [];
for (const dialect of dialects) reports.push(await run(dialect));
process.stdout.write(
  `${rows} rows, ${sideLoops} side loops; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} after\n\n${reports.join("\n\n")}\n`,
);
