// Lighthouse on every prerendered page of the production build (mobile defaults), printing each
// page's four category scores (median of RUNS runs) and the home page's first-load JavaScript.
// Each page is also measured with its scripts removed (same HTML, CSS and fonts, served by the same
// server), interleaved run by run, so the FCP ratio to that ceiling holds on a noisy machine.
// Usage: npm run build && npm run bench:lighthouse [-- /path ...]   (RUNS=3 by default;
// METRICS=1 also prints each run's FCP, LCP, TBT, speed index and CLS, to see what costs points;
// REPORTS=<dir> keeps each run's Lighthouse JSON there, to read its audits and critical path)
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import {
  clientBuildDir,
  firstLoadJavaScript,
  hydrationJavaScript,
  prerenderedPaths,
} from "../support/prerendered-pages";
import { phoneThrottling } from "../support/phone-profile";

const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3901);
const base = `http://127.0.0.1:${port}`;

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];

const metricIds = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  SI: "speed-index",
  CLS: "cumulative-layout-shift",
};
const score = (lhr: Result, category: Category) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metricSummary = (lhr: Result) =>
  Object.entries(metricIds)
    .map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue}`)
    .join(", ") + `, perf ${score(lhr, "performance")}`;

const fcpMs = (lhr: Result) => lhr.audits[metricIds.FCP]?.numericValue ?? Number.NaN;

/** Where the bench writes each page without its scripts, under the served client build. */
const withoutScriptsPrefix = "/bench-without-scripts";

/** The page as the server answers it, every script and module preload taken out (JSON-LD stays). */
async function writeWithoutScripts(pagePath: string) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const stripped = html
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
  const dir = path.join(clientBuildDir, withoutScriptsPrefix, pagePath);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "index.html"), stripped);
  return { html, withoutScripts: path.posix.join(withoutScriptsPrefix, pagePath) };
}

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const paths = process.argv.slice(2).length ? process.argv.slice(2) : prerenderedPaths();
const server = spawn(process.execPath, ["build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: "file:/tmp/bench-lighthouse.db",
    MAIL_DIR: "/tmp/bench-lighthouse-mail",
  },
  stdio: "ignore",
});
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (attempt > 100) throw new Error("server did not start");
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
// Stop the server and the browser when the bench is interrupted, not only when it finishes.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    server.kill("SIGTERM");
    chrome.kill();
    rmSync(path.join(clientBuildDir, withoutScriptsPrefix), { recursive: true, force: true });
    process.exit(130);
  });

let reportCount = 0;
/** Writes a run's full result under REPORTS, named by its order and page. */
function keepReport(pagePath: string, lhr: Result) {
  const dir = process.env.REPORTS as string;
  mkdirSync(dir, { recursive: true });
  const name = `${String(++reportCount).padStart(2, "0")}${pagePath.replaceAll("/", "_")}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify(lhr));
}

/**
 * One Lighthouse run. A run whose trace Chromium failed to record (a runtime error such as
 * NO_NAVSTART, scored 0) says nothing about the page: it is reported and run again.
 */
async function audit(pagePath: string, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${base}${pagePath}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
      // Lighthouse's own mobile profile, named here as bench:first-tap applies it.
      formFactor: "mobile",
      throttlingMethod: "simulate",
      throttling: phoneThrottling,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    const error = result.lhr.runtimeError;
    if (!error) {
      if (process.env.REPORTS) keepReport(pagePath, result.lhr);
      return result.lhr;
    }
    if (attempt === attempts)
      throw new Error(`Lighthouse failed ${attempts} times on ${pagePath}: ${error.code}`);
    console.log(`  ${pagePath}: run failed (${error.code}), running it again`);
  }
}

type Row = {
  path: string;
  fcp: number;
  fcpWithoutScripts: number;
  performanceWithoutScripts: number;
  html: string;
} & Record<Category, number>;
const rows: Row[] = [];
try {
  for (const pagePath of paths) {
    const { html, withoutScripts } = await writeWithoutScripts(pagePath);
    const runScores: Record<Category, number>[] = [];
    const fcps: number[] = [];
    const fcpsWithoutScripts: number[] = [];
    const performancesWithoutScripts: number[] = [];
    for (let run = 0; run < runs; run++) {
      const lhr = await audit(pagePath);
      runScores.push(
        Object.fromEntries(
          categories.map((category) => [category, score(lhr, category)]),
        ) as Record<Category, number>,
      );
      fcps.push(fcpMs(lhr));
      if (process.env.METRICS) console.log(`  ${pagePath} run ${run + 1}: ${metricSummary(lhr)}`);
      const bare = await audit(withoutScripts);
      fcpsWithoutScripts.push(fcpMs(bare));
      performancesWithoutScripts.push(score(bare, "performance"));
      if (process.env.METRICS)
        console.log(`  ${pagePath} without scripts, run ${run + 1}: ${metricSummary(bare)}`);
    }
    const row = {
      path: pagePath,
      html,
      fcp: median(fcps),
      fcpWithoutScripts: median(fcpsWithoutScripts),
      performanceWithoutScripts: median(performancesWithoutScripts),
      ...Object.fromEntries(
        categories.map((category) => [category, median(runScores.map((run) => run[category]))]),
      ),
    } as Row;
    rows.push(row);
    console.log(
      `${pagePath.padEnd(40)} perf ${row.performance}  a11y ${row.accessibility}  best ${row["best-practices"]}  seo ${row.seo}  FCP ${(row.fcp / 1000).toFixed(2)} s; without scripts: perf ${row.performanceWithoutScripts}, FCP ${(row.fcpWithoutScripts / 1000).toFixed(2)} s (ratio ${(row.fcp / row.fcpWithoutScripts).toFixed(2)})`,
    );
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  rmSync(path.join(clientBuildDir, withoutScriptsPrefix), { recursive: true, force: true });
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log("\nJavaScript, gzipped: before any interaction / when the page hydrates");
for (const row of rows)
  console.log(
    `${row.path.padEnd(40)} ${kib(firstLoadJavaScript(row.html))} / ${kib(hydrationJavaScript(row.html))}`,
  );
const below = rows.filter(
  (row) =>
    row.performance < 100 ||
    row.accessibility < 100 ||
    row["best-practices"] < 100 ||
    row.seo < 100 ||
    row.fcp > 1.1 * row.fcpWithoutScripts,
);
console.log(
  below.length
    ? `Below budget: ${below.map((row) => row.path).join(", ")}`
    : "Every page meets the budget (100 / 100 / 100 / 100, FCP within 1.1× (issue 22) of the page without scripts).",
);
