import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, test } from "./support/test";

test("the console's analytics page: figures, a server-drawn chart, tables with CSV, at 390 and 1280 px", async ({
  page,
}) => {
  test.slow(); // Signs in through an emailed link.
  await signInThroughEmail(page, "analytics@console-e2e.test");
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByTestId("analytics-summary")).toContainText("Visitors");
  await expect(page.getByTestId("page-views-chart")).toBeVisible();
  await expect(page.getByRole("table", { name: "Page views per day" })).toBeAttached();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/admin-analytics-1280.png", fullPage: true });

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
  await page.screenshot({ path: "test-results/admin-analytics-390.png", fullPage: true });
});
