import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyEmail } from "./every-email";

/** Where the PNG files go, to be looked at: test-results/emails/<email>-<width>.png. */
const shotsDir = path.resolve("test-results/emails");
const widths = [390, 1280];

describe("every email in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(everyEmail)("$name", (sample) => {
    it.each(widths)(
      "fits %i px: no sideways scrolling, the card and buttons inside",
      async (width) => {
        const { html } = await sample.render();
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        try {
          // Offline, as in a mail client: nothing may load from the network.
          await page.route("**/*", (route) => route.abort());
          await page.setContent(html);
          await page.screenshot({
            path: path.join(shotsDir, `${sample.name}-${width}.png`),
            fullPage: true,
          });
          const layout = await page.evaluate(() => {
            const box = (element: Element) => {
              const rect = element.getBoundingClientRect();
              return { left: rect.left, right: rect.right, width: rect.width, height: rect.height };
            };
            return {
              scrollWidth: document.documentElement.scrollWidth,
              buttons: [...document.querySelectorAll("a[href]")].map(box),
              texts: [...document.querySelectorAll("p, h1")]
                .filter((element) => element.textContent?.trim())
                .map(box),
            };
          });
          expect(layout.scrollWidth).toBeLessThanOrEqual(width);
          for (const element of [...layout.buttons, ...layout.texts]) {
            expect(element.left).toBeGreaterThanOrEqual(0);
            expect(element.right).toBeLessThanOrEqual(width);
            expect(element.height).toBeGreaterThan(0);
          }
          // The card keeps a readable measure on a desktop and uses the phone's width on a phone.
          const card = await page.getByText("Presence Selling · Daniel Ashworth").boundingBox();
          expect(card!.width).toBeLessThanOrEqual(560);
          expect(card!.width).toBeGreaterThan(Math.min(width, 560) * 0.8);
        } finally {
          await page.close();
        }
      },
    );
  });
});
