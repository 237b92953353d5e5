// Dev helper: screenshots of pages at phone and desktop widths, for looking at what we build.
// Usage: node scripts/screenshot.mjs http://127.0.0.1:3000 / /method ...  (PNG files go to /tmp/shots)
// SHOTS_COOKIE="admin_session=..." sends that cookie (a console session) with every page.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base, ...paths] = process.argv.slice(2);
const outDir = process.env.SHOTS_DIR ?? "/tmp/shots";
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 } });
  if (process.env.SHOTS_COOKIE) {
    await page.setExtraHTTPHeaders({ Cookie: process.env.SHOTS_COOKIE });
  }
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(new URL(path, base).toString(), { waitUntil: "networkidle" });
    const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
