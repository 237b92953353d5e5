// `npm test`: every suite against the production build, ending with one line `N passed, M failed`
// that totals them all. After the build, the browser suite runs beside Vitest and then the
// resilience suite: alone, each leaves a core idle most of the time (decision 305).
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const chromium = "/usr/bin/chromium";

// Debian packages the suites need: the browser, poppler's pdfinfo/pdftotext for the PDF checks,
// nginx for the resilience suite's proxy in front of two instances, and systemd-analyze for the
// service unit in deploy/.
const debianPackages = [
  { name: "chromium", present: () => existsSync(chromium) },
  { name: "poppler-utils", present: () => existsSync("/usr/bin/pdfinfo") },
  { name: "nginx", present: () => existsSync("/usr/sbin/nginx") },
  { name: "systemd", present: () => existsSync("/usr/bin/systemd-analyze") },
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

function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

const reports = mkdtempSync(path.join(tmpdir(), "test-reports-"));

/**
 * Runs one stage's command, its output lines shown as they come with the stage's name before
 * each (two stages run at once), and resolves with its exit status. Its wall and CPU time go to
 * the stage times, printed at the end and added to STAGE_TIMES_FILE for .ci/run. CPU is user +
 * system of the command and everything it started: the cutime and cstime (clock ticks, 100 a
 * second) of the bash that waited for it, read by that bash once it ended. On a machine others
 * share, a stage's CPU says what it costs where its wall time says little.
 */
function stage(name, command, args, env = {}) {
  const cpuFile = path.join(reports, `${name}.cpu`);
  const started = performance.now();
  console.log(`\n[${name}] $ ${[command, ...args].join(" ")}`);
  const child = spawn(
    "bash",
    [
      "-c",
      `"$@"; status=$?; cut -d')' -f2- /proc/$$/stat > "${cpuFile}"; exit $status`,
      "stage",
      command,
      ...args,
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...env } },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      let cpu = Number.NaN;
      try {
        const fields = readFileSync(cpuFile, "utf8").trim().split(" ");
        cpu = Math.round((Number(fields[13]) + Number(fields[14])) / 100);
      } catch {
        // The command never ran to its end (bash was killed): its CPU is unknown.
      }
      stageTimes.push([name, seconds, cpu]);
      if (process.env.STAGE_TIMES_FILE)
        appendFileSync(process.env.STAGE_TIMES_FILE, `${name} ${seconds} ${cpu}\n`);
      console.log(`\n[${name}] ended with status ${code ?? 1} after ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/** Each stage's wall and CPU time, printed at the end. */
const stageTimes = [];
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

const totals = { passed: 0, failed: 0, skipped: 0 };

/** One Vitest run (a config of its own, or the default); its counts join the totals. */
async function runVitest(name, configArgs) {
  const report = path.join(reports, `${name}.json`);
  const status = await stage(name, "npx", [
    "vitest",
    "run",
    ...configArgs,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  const vitest = readJson(report);
  addCounts(
    status,
    vitest && {
      passed: vitest.numPassedTests,
      failed:
        vitest.numFailedTests +
        (vitest.numFailedTestSuites ?? 0) -
        countSuitesWithFailedTests(vitest),
      skipped: vitest.numPendingTests + vitest.numTodoTests,
    },
  );
}

/** A stage's counts join the totals; a stage that failed with no failed test counts as one. */
function addCounts(status, counts = { passed: 0, failed: 0, skipped: 0 }) {
  totals.passed += counts.passed;
  totals.skipped += counts.skipped;
  totals.failed += status !== 0 && counts.failed === 0 ? 1 : counts.failed;
}

// A suite that failed to load has no failed tests of its own: count it once.
function countSuitesWithFailedTests(report) {
  return report.testResults.filter(
    (suite) =>
      suite.status === "failed" && suite.assertionResults.some((test) => test.status === "failed"),
  ).length;
}

async function runPlaywright() {
  const report = path.join(reports, "playwright.json");
  const status = await stage("playwright", "npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const playwright = readJson(report);
  addCounts(
    status,
    playwright?.stats && {
      passed: playwright.stats.expected + playwright.stats.flaky,
      failed: playwright.stats.unexpected + (playwright.errors?.length ?? 0),
      skipped: playwright.stats.skipped,
    },
  );
}

ensureDebianPackages();
if ((await stage("build", "npm", ["run", "build"])) !== 0) {
  printStageTimes();
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}
await Promise.all([
  runPlaywright(),
  (async () => {
    await runVitest("vitest", []);
    // Crashes, SMTP outages, nginx in front of two instances, hostile input, headers (built server).
    await runVitest("resilience", ["--config", "vitest.resilience.config.ts"]);
  })(),
]);

printStageTimes();
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
