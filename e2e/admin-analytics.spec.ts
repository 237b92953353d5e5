import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

test("the console's analytics page: figures, a server-drawn chart, tables with CSV, settings, delete-all, at 390 and 1280 px, with JavaScript and without", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000); // Signs in through an emailed link, then two browsers, two widths.
  await signInThroughEmail(page, "analytics@console-e2e.test");
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByTestId("analytics-summary")).toContainText("Visitors");
  await expect(page.getByTestId("page-views-chart")).toBeVisible();
  await expect(page.getByRole("table", { name: "Page views per day" })).toBeAttached();
  const funnel = page.getByRole("region", { name: "Funnel", exact: true });
  await expect(funnel).toContainText("Viewed /buy-now");
  await expect(funnel).toContainText("Checkout started");
  await expect(page.getByRole("region", { name: "Entry pages", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: "test-results/admin-analytics-1280.png", fullPage: true });

  const csv = await page.request.get(
    await page.getByRole("link", { name: "CSV of Top pages" }).getAttribute("href").then(String),
  );
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\n")[0]).toBe("key,views,visitors");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("page-views-chart")).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: "test-results/admin-analytics-390.png", fullPage: true });

  const funnelCsv = await page.request.get(
    await page.getByRole("link", { name: "CSV of Funnel" }).getAttribute("href").then(String),
  );
  expect((await funnelCsv.text()).split("\n")[0]).toBe("step,count,percentOfStepBefore");

  await page.getByLabel("Keep raw events for (days)").fill("30");
  await page.getByLabel(/Paths not counted/).fill("/drafts");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Keep raw events for (days)")).toHaveValue("30");

  // Without JavaScript, in the same session: the page reads a range and saves by plain forms.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  try {
    const noScript = await context.newPage();
    await noScript.goto("/admin/analytics?from=2026-01-01&to=2026-01-31");
    await expect(noScript.getByLabel("From")).toHaveValue("2026-01-01");
    await expect(noScript.getByRole("region", { name: "Funnel", exact: true })).toBeVisible();
    await expect(noScript.getByTestId("page-views-chart")).toBeVisible();
    await noScript.getByLabel("Keep raw events for (days)").fill("45");
    await noScript.getByRole("button", { name: "Save settings" }).click();
    await expect(noScript.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    // axe runs inside the page, so it is checked above on the same markup with JavaScript on.
    await keepScreenshot(noScript, {
      path: "test-results/admin-analytics-nojs-390.png",
      fullPage: true,
    });
  } finally {
    await context.close();
  }

  await page.getByRole("link", { name: "Delete all analytics data" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Delete all analytics data");
  await expectNoAxeViolations(page);
  await page.getByLabel(/I understand/).check();
  await page.getByRole("button", { name: "Delete all analytics data" }).click();
  await expect(page.getByRole("status")).toContainText("All analytics data was deleted");
});
