import { everyEmail } from "../support/every-email";
import { expect, keepScreenshot, test } from "./support/test";

// Every email as a mail client shows it (moved here from tests/emails, where Vitest drove
// Chromium itself): at a phone's and a desktop's width, offline. Screenshots go to the test's
// output folder: test-results/<test>/<email>-<width>.png, to be looked at. One page per email,
// resized between the widths: a page of its own per width doubled the run's cost (decision 334).
const widths = [390, 1280];

for (const sample of everyEmail)
  test(`${sample.name} fits ${widths.join(" and ")} px: no sideways scrolling, the card and buttons inside`, async ({
    browser,
  }) => {
    const { html } = await sample.render();
    const page = await browser.newPage({ viewport: { width: widths[0]!, height: 800 } });
    try {
      // Offline, as in a mail client: nothing may load from the network.
      await page.route("**/*", (route) => route.abort());
      await page.setContent(html);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await keepScreenshot(page, {
          path: test.info().outputPath(`${sample.name}-${width}.png`),
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
        expect(layout.scrollWidth, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
        for (const element of [...layout.buttons, ...layout.texts]) {
          expect(element.left, `at ${width} px`).toBeGreaterThanOrEqual(0);
          expect(element.right, `at ${width} px`).toBeLessThanOrEqual(width);
          expect(element.height, `at ${width} px`).toBeGreaterThan(0);
        }
        // The card keeps a readable measure on a desktop and uses the phone's width on a phone.
        const card = await page.getByText("Presence Selling · Daniel Ashworth").boundingBox();
        expect(card!.width, `the card at ${width} px`).toBeLessThanOrEqual(560);
        expect(card!.width, `the card at ${width} px`).toBeGreaterThan(Math.min(width, 560) * 0.8);
      }
    } finally {
      await page.close();
    }
  });
