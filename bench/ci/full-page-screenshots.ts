// What the browser suite's full-page screenshots cost (e2e/support/look-at.ts and some 40 direct
// `page.screenshot` calls): for each page, the CPU of the browser and this process for the width
// checks `lookAt` makes at 390 and 1280 px, with and without a full-page screenshot at each
// width. Pages come from the production build (`npm run build` first), on a fresh database.
// `npx tsx bench/ci/full-page-screenshots.ts [rounds]`
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startBuiltServer } from "../../support/built-server";

const pages = ["/", "/about", "/book", "/contact", "/articles", "/all-resources"];
const rounds = Number(process.argv[2] ?? 3);

/** User + system CPU (ms) of this process and its descendants but `except`, from /proc. */
function treeCpuMs(except: number) {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // Ended while listed.
    }
  }
  const inTree = (pid: number): boolean =>
    pid === process.pid || (pid > 1 && pid !== except && inTree(parents.get(pid) ?? 0));
  let total = 0;
  for (const [pid, ms] of cpu) if (pid !== except && inTree(pid)) total += ms;
  return total;
}

async function widthChecks(page: Page, screenshots: boolean, folder: string, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (screenshots)
      await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}

const data = mkdtempSync(path.join(tmpdir(), "screenshot-bench-"));
const server = await startBuiltServer({ DATABASE_URL: `file:${path.join(data, "site.db")}` });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext();
const page = await context.newPage();
const totals = { with: 0, without: 0 };
try {
  for (let round = 0; round < rounds; round++) {
    // Alternated, so a change in the machine's load falls on both alike.
    for (const screenshots of round % 2 ? [false, true] : [true, false]) {
      for (const pathname of pages) {
        await page.goto(`${server.baseURL}${pathname}`);
        const before = treeCpuMs(server.pid);
        await widthChecks(page, screenshots, data, pathname.replace(/\W/g, "") || "home");
        totals[screenshots ? "with" : "without"] += treeCpuMs(server.pid) - before;
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
const shots = rounds * pages.length * 2;
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`${rounds} rounds of ${pages.length} pages at two widths (load ${load}):`);
console.log(`  width checks alone:        ${(totals.without / shots).toFixed(0)} ms CPU a width`);
console.log(`  with full-page screenshot: ${(totals.with / shots).toFixed(0)} ms CPU a width`);
console.log(
  `  a screenshot:              ${((totals.with - totals.without) / shots).toFixed(0)} ms CPU`,
);
