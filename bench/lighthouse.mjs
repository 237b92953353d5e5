// Lighthouse on every prerendered page of the production build (mobile defaults), printing each
// page's four category scores (median of RUNS runs) and the home page's first-load JavaScript.
// Usage: npm run build && npm run bench:lighthouse [-- /path ...]   (RUNS=3 by default)
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3901);
const base = `http://127.0.0.1:${port}`;

function prerenderedPaths(dir = "build/client", prefix = "") {
  const paths = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === "assets" || !statSync(full).isDirectory()) continue;
    paths.push(...prerenderedPaths(full, `${prefix}/${entry}`));
  }
  try {
    statSync(path.join(dir, "index.html"));
    paths.unshift(prefix || "/");
  } catch {
    // a folder of files only (images, downloads)
  }
  return paths;
}

// What the browser loads before the page is interactive: the module preloads React Router emits
// (the route manifest file it also names is only fetched on later navigations).
function firstLoadJavaScript(htmlPath) {
  const html = readFileSync(htmlPath, "utf8");
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (match) => match[1],
  );
  return [...new Set(scripts)].reduce(
    (total, script) => total + gzipSync(readFileSync(path.join("build/client", script))).length,
    0,
  );
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const paths = process.argv.slice(2).length ? process.argv.slice(2) : prerenderedPaths();
const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
const categories = ["performance", "accessibility", "best-practices", "seo"];
const rows = [];
try {
  for (const pagePath of paths) {
    const scores = Object.fromEntries(categories.map((category) => [category, []]));
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${pagePath}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
      });
      for (const category of categories)
        scores[category].push(Math.round(result.lhr.categories[category].score * 100));
    }
    const row = {
      path: pagePath,
      ...Object.fromEntries(categories.map((category) => [category, median(scores[category])])),
    };
    rows.push(row);
    console.log(
      `${pagePath.padEnd(48)} perf ${row.performance}  a11y ${row.accessibility}  best ${row["best-practices"]}  seo ${row.seo}`,
    );
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
const homeJs = firstLoadJavaScript("build/client/index.html");
console.log(
  `\nHome first-load JavaScript: ${(homeJs / 1024).toFixed(1)} KiB gzipped (${homeJs} bytes)`,
);
const below = rows.filter(
  (row) =>
    row.performance < 95 || row.accessibility < 100 || row["best-practices"] < 100 || row.seo < 100,
);
console.log(
  below.length
    ? `Below budget: ${below.map((row) => row.path).join(", ")}`
    : "Every page meets the budget (95 / 100 / 100 / 100).",
);
