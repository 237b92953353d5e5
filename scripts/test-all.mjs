// `npm test`: every suite (Vitest, then Playwright against the production build), ending with
// one line `N passed, M failed` that totals them all. `npm test -- <paths>` runs only those files
// (or folders), each in the suite it belongs to, and builds only when the build is older than
// the code.
import { execFileSync, spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const chromium = "/usr/bin/chromium";

// The suites' PostgreSQL where none is named: the local server (support/local-postgres.ts, which
// the configs import, says the same; this script is plain JavaScript and cannot import it).
process.env.TEST_POSTGRES_URL ??= "postgres://postgres@127.0.0.1:5432/test";

const selected = process.argv.slice(2);
const missing = selected.filter((target) => !existsSync(target));
if (missing.length > 0) {
  console.error(`No such file or folder: ${missing.join(", ")}`);
  process.exit(1);
}
const isE2e = (target) => path.normalize(target).startsWith("e2e");
const isResilience = (target) =>
  path.normalize(target).startsWith(path.join("tests", "resilience"));
const e2eTargets = selected.filter(isE2e);
const resilienceTargets = selected.filter(isResilience);
const vitestTargets = selected.filter((target) => !isE2e(target) && !isResilience(target));
/** Whether a stage runs: every stage without paths, otherwise the stages the paths name. */
const runs = (targets) => selected.length === 0 || targets.length > 0;

// Debian packages the suites need: the browser, poppler's pdfinfo/pdftotext for the PDF checks,
// nginx for the resilience suite's proxy in front of two instances, systemd-analyze for the
// service unit in deploy/, and Dovecot for the bounce mailbox read over IMAP.
const debianPackages = [
  { name: "chromium", present: () => existsSync(chromium) },
  { name: "poppler-utils", present: () => existsSync("/usr/bin/pdfinfo") },
  { name: "nginx", present: () => existsSync("/usr/sbin/nginx") },
  { name: "systemd", present: () => existsSync("/usr/bin/systemd-analyze") },
  { name: "dovecot-imapd", present: () => existsSync("/usr/sbin/dovecot") },
];

function ensureDebianPackages() {
  const missing = debianPackages.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing Debian packages: run \`sudo apt-get install -y ${missing.join(" ")}\`, then \`npm test\` again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian packages for the tests: ${missing.join(", ")}`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  return (
    spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1
  );
}

/**
 * CPU seconds (user + system) of this process's children that have ended, their own children
 * included: /proc/self/stat's cutime and cstime, in clock ticks (100 a second on Linux). On a
 * machine others share, a stage's CPU says what it costs where its wall time says little.
 */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

/** Each stage's wall and CPU time: printed at the end, and added to STAGE_TIMES_FILE for .ci/run. */
const stageTimes = [];
function timed(name, work) {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  try {
    return work();
  } finally {
    const seconds = Math.round((performance.now() - started) / 1000);
    const cpu = Math.round(childrenCpuSeconds() - cpuBefore);
    stageTimes.push([name, seconds, cpu]);
    if (process.env.STAGE_TIMES_FILE)
      appendFileSync(process.env.STAGE_TIMES_FILE, `${name} ${seconds} ${cpu}\n`);
  }
}
function printStageTimes() {
  console.log(`\nnpm test stage times (load average now: ${loadAverage()}):`);
  for (const [name, seconds, cpu] of stageTimes)
    console.log(
      `  ${name.padEnd(12)} ${String(seconds).padStart(5)}s wall ${String(cpu).padStart(5)}s CPU`,
    );
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

ensureDebianPackages();
const reports = mkdtempSync(path.join(tmpdir(), "test-reports-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each test that failed or was skipped, one line each: printed last, where CI's tail shows it. */
const notPassed = [];
function firstLine(text) {
  return stripVTControlCharacters(String(text ?? ""))
    .trim()
    .split("\n")[0]
    .slice(0, 200);
}

/** Newest modification time under a path, folders walked (node_modules and build left out). */
function newestChange(target) {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}
const buildInputs = [
  "app",
  "public",
  "scripts",
  "server.ts",
  "vite.config.ts",
  "package-lock.json",
];
/** A run of chosen files reuses a build newer than every input; the whole run always builds. */
const buildIsFresh = () =>
  selected.length > 0 &&
  Math.max(...buildInputs.map(newestChange)) < newestChange(path.join("build", "server.js"));

const buildStatus = buildIsFresh()
  ? (console.log("\nThe build is newer than the code: reusing it."), 0)
  : timed("build", () => run("npm", ["run", "build"]));
if (buildStatus !== 0) {
  printStageTimes();
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}

/** One Vitest run (a config of its own, or the default); its counts join the totals. */
function runVitest(name, configArgs) {
  timed(name, () => runVitestStage(name, configArgs));
}
function runVitestStage(name, configArgs) {
  const report = path.join(reports, `${name}.json`);
  const failedBefore = totals.failed;
  const status = run("npx", [
    "vitest",
    "run",
    ...configArgs,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  const vitest = readJson(report);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed +=
      vitest.numFailedTests +
      (vitest.numFailedTestSuites ?? 0) -
      countSuitesWithFailedTests(vitest);
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
    listVitestNotPassed(name, vitest);
  } else if (status !== 0) totals.failed += 1;
  if (status !== 0 && totals.failed === failedBefore) totals.failed += 1;
}

if (runs(vitestTargets)) runVitest("vitest", vitestTargets);
// Crashes, SMTP outages, nginx in front of two instances, hostile input, headers (built server).
if (runs(resilienceTargets))
  runVitest("resilience", ["--config", "vitest.resilience.config.ts", ...resilienceTargets]);

const playwrightReport = path.join(reports, "playwright.json");
const playwrightStatus = runs(e2eTargets)
  ? timed("playwright", () =>
      run("npx", ["playwright", "test", ...e2eTargets], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      }),
    )
  : 0;
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected + (playwright.errors?.length ?? 0);
  totals.skipped += playwright.stats.skipped;
  for (const suite of playwright.suites ?? []) listPlaywrightNotPassed(suite);
  for (const error of playwright.errors ?? [])
    notPassed.push(`failed  playwright: ${firstLine(error.message)}`);
} else if (playwrightStatus !== 0) totals.failed += 1;

function listVitestNotPassed(stage, report) {
  for (const file of report.testResults) {
    const where = path.relative(process.cwd(), file.name);
    if (file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed"))
      notPassed.push(
        `failed  ${stage} ${where}: ${firstLine(file.message) || "a hook failed; its tests show as skipped"}`,
      );
    for (const test of file.assertionResults) {
      if (test.status === "failed")
        notPassed.push(
          `failed  ${stage} ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
      else if (test.status !== "passed")
        notPassed.push(`${test.status} ${stage} ${where} › ${test.fullName}`);
    }
  }
}

function listPlaywrightNotPassed(suite, titles = []) {
  const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) {
      if (test.status === "expected" || test.status === "flaky") continue;
      const error = test.results?.find((result) => result.error)?.error?.message;
      const status = test.status === "skipped" ? "skipped" : "failed ";
      notPassed.push(
        `${status} playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}${error ? `: ${firstLine(error)}` : ""}`,
      );
    }
  for (const child of suite.suites ?? []) listPlaywrightNotPassed(child, here);
}

// A suite that failed to load has no failed tests of its own: count it once.
function countSuitesWithFailedTests(report) {
  return report.testResults.filter(
    (suite) =>
      suite.status === "failed" && suite.assertionResults.some((test) => test.status === "failed"),
  ).length;
}

if (playwrightStatus !== 0 && totals.failed === 0) totals.failed += 1;

printStageTimes();
if (notPassed.length > 0)
  console.log(`\nNot passed:\n${notPassed.map((line) => `  ${line}`).join("\n")}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
