// Renders the downloadable logo (public/downloads/presence-selling-logo.png) once from the brand
// mark and wordmark, on a transparent background. Run again only when the brand changes.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const font = pathToFileURL(
  path.join(
    root,
    "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  ),
);
const html = `<!doctype html><html><head><style>
@font-face { font-family: Fraunces; src: url(${font}) format("woff2"); font-weight: 100 900; }
html, body { margin: 0; background: transparent; }
.logo { display: inline-flex; align-items: center; gap: 40px; padding: 40px 56px; }
.name { font: 600 120px/1 Fraunces, serif; color: #2b3a55; letter-spacing: -0.01em; }
</style></head><body><div class="logo">
<svg viewBox="0 0 32 32" width="200" height="200"><circle cx="16" cy="16" r="15" fill="#2b3a55"/><path d="M6 20c3-4.5 6.5-6.5 10-6.5S23 15.5 26 20" fill="none" stroke="#e6b75c" stroke-width="2" stroke-linecap="round"/><circle cx="16" cy="10.5" r="2.5" fill="#e6b75c"/></svg>
<span class="name">Presence Selling</span></div></body></html>`;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1400, height: 400 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
await page.locator(".logo").screenshot({
  path: path.join(root, "public/downloads/presence-selling-logo.png"),
  omitBackground: true,
});
await browser.close();
