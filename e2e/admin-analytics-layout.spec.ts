import type { Page } from "@playwright/test";
import { signInThroughEmail } from "./support/admin-sign-in";
import { writeDatabase } from "./support/console-database";
import { fitsTheWidth } from "./support/look-at";
import { scrollingRegions, scrollRegionsNamed } from "./support/scroll-regions";
import { expect, keepScreenshot, test } from "./support/test";

/** Days long past, before any other test's events, read as one range and removed afterwards. */
const range = { from: "2024-03-04", to: "2024-03-10" };
const longDomain = "news.very-long-subdomain.example-publication.co.uk";
const longCampaign = "spring-launch-2024-founders-early-bird-newsletter-series";

async function seed() {
  const views: [string, string, string, string | null, string | null][] = [];
  for (let day = 4; day <= 10; day += 1)
    for (let visitor = 0; visitor < day * 3; visitor += 1) {
      const at = `2024-03-${String(day).padStart(2, "0")}T1${visitor % 10}:00:00.000Z`;
      const [referrer, source] =
        visitor % 3 === 0
          ? [longDomain, null]
          : visitor % 3 === 1
            ? [null, "linkedin"]
            : [null, null];
      views.push([
        at,
        `layout-${day}-${visitor}`,
        "/articles/the-long-road-to-a-sale",
        referrer,
        source,
      ]);
      views.push([
        at.replace(":00:00", ":05:00"),
        `layout-${day}-${visitor}`,
        "/buy-now",
        null,
        null,
      ]);
    }
  // Hundreds of pages, each viewed once: Top pages must stay a box, not a page of its own.
  for (let page = 0; page < 300; page += 1)
    views.push([
      `2024-03-09T08:${String(page % 60).padStart(2, "0")}:00.000Z`,
      `layout-reader-${page}`,
      `/articles/a-page-among-hundreds-${page}`,
      null,
      null,
    ]);
  for (const [at, visitor, path, referrer, source] of views)
    await writeDatabase(
      `INSERT INTO analytics_events (occurred_at, name, visitor, path, referrer_domain, utm_source,
         utm_medium, utm_campaign, screen, label, item, amount_cents)
       VALUES (?, 'pageview', ?, ?, ?, ?, NULL, ?, 'phone', NULL, NULL, NULL)`,
      [at, visitor, path, referrer, source, source ? longCampaign : null],
    );
  const conversions: [string, string, string | null, string | null, number | null][] = [
    ["contact_message", "layout-m1", longDomain, null, null],
    ["newsletter_signup", "layout-s1", null, "linkedin", null],
    ["checkout_start", "layout-o1", null, "linkedin", null],
    ["order", "layout-o1", null, "linkedin", 123_456_789],
    ["checkout_start", "layout-o2", longDomain, null, null],
    ["order", "layout-o2", longDomain, null, 1999],
  ];
  for (const [conversion, subject, referrer, source, amount] of conversions)
    await writeDatabase(
      `INSERT INTO analytics_attributions (id, conversion, subject_id, person_id, landing_path,
         referrer_domain, utm_source, utm_medium, utm_campaign, conversion_path, amount_cents,
         converted_at)
       VALUES (?, ?, ?, ?, '/articles/the-long-road-to-a-sale', ?, ?, NULL, ?, '/buy-now', ?,
         '2024-03-08T12:00:00.000Z')`,
      [
        `${conversion}-${subject}`,
        conversion,
        subject,
        `layout-person-${subject}`,
        referrer,
        source,
        source ? longCampaign : null,
        amount,
      ],
    );
}

async function removeSeed() {
  await writeDatabase("DELETE FROM analytics_events WHERE visitor LIKE 'layout-%'");
  await writeDatabase("DELETE FROM analytics_attributions WHERE subject_id LIKE 'layout-%'");
  for (const table of ["analytics_daily_totals", "analytics_daily_counts"])
    await writeDatabase(`DELETE FROM ${table} WHERE day >= ? AND day <= ?`, [range.from, range.to]);
}

/**
 * The page fits, a table too wide for it scrolls in its own named box, its axis labels are at
 * least 11 px, and no figure or header wraps.
 */
async function checkLayout(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.reload();
  await keepScreenshot(page, {
    path: test.info().outputPath(`${name}-${width}.png`),
    fullPage: true,
  });
  await fitsTheWidth(page, `${name} at ${width} px`);
  expect(await scrollRegionsNamed(page), `${name} at ${width} px: unnamed scroll boxes`).toEqual(
    [],
  );
  // The seed's long domains, campaigns and sums make some table wider than a phone.
  if (width === 390) expect(await scrollingRegions(page)).toBeGreaterThan(0);
  const labels = page.locator("[data-testid=chart-axis] span, [data-testid=chart-days] span");
  expect(await labels.count()).toBeGreaterThan(0);
  for (const size of await labels.evaluateAll((spans) =>
    spans.map((span) => parseFloat(getComputedStyle(span).fontSize)),
  ))
    expect(size).toBeGreaterThanOrEqual(11);
  // Every figure and header sits on one line: its height is one line's.
  const wrapped = await page.evaluate(() =>
    [...document.querySelectorAll("td[data-numeric], th, [data-testid=analytics-summary] dd span")]
      .filter((cell) => {
        const style = getComputedStyle(cell);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 || range.getBoundingClientRect().height > line * 1.5;
      })
      .map((cell) => cell.textContent),
  );
  expect(wrapped, `${name} at ${width} px: figures or headers broken over lines`).toEqual([]);
  const topPages = await page.getByRole("region", { name: "Top pages", exact: true }).boundingBox();
  expect(topPages!.height, `${name} at ${width} px: Top pages stretches`).toBeLessThan(600);
}

test("the analytics page and the dashboard read on a phone and a desktop: no sideways scroll, labels of 11 px or more, figures whole", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await removeSeed();
  await seed();
  try {
    await signInThroughEmail(page, "analytics-layout@console-e2e.test");
    await page.goto(`/admin/analytics?from=${range.from}&to=${range.to}`);
    const sources = page.getByRole("region", { name: "Sources", exact: true });
    await expect(sources).toContainText("linkedin");
    await expect(sources).toContainText("$1,234,567.89");
    await expect(page.getByTestId("counting-caption")).toContainText("once, on the day it began");
    for (const width of [390, 1280]) await checkLayout(page, "admin-analytics-layout", width);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await keepScreenshot(page, {
        path: test.info().outputPath(`admin-dashboard-layout-${width}.png`),
        fullPage: true,
      });
      await fitsTheWidth(page, `dashboard at ${width} px`);
      expect(await scrollRegionsNamed(page), `dashboard at ${width} px`).toEqual([]);
    }
  } finally {
    await removeSeed();
  }
});
