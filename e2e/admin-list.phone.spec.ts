import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

const sideways = () => document.documentElement.scrollWidth - window.innerWidth;

/** A sheet as a European spreadsheet saves it: semicolons, a repeated address, opt-outs. */
const sheet = [
  "Email;Name;Subscribed;Optin time",
  "list.ja@example.com;Jana Ja;yes;2024-05-05 10:00:00",
  "list.nein@example.com;Nina Nein;FALSE;2024-05-05 10:00:00",
  "LIST.JA@example.com;Janet Ja;no;2024-05-06 10:00:00",
].join("\n");

for (const width of [390, 1280]) {
  test(`the import preview, the dashboard and a stale form at ${width} px`, async ({
    page,
    allowConsoleErrors,
  }) => {
    test.slow();
    // The refused form's request answers 403, which the browser reports.
    allowConsoleErrors(/403/);
    await page.setViewportSize({ width, height: 900 });
    await signInThroughEmail(page, `list-${width}@console-e2e.test`);
    expect(await page.evaluate(sideways), "the dashboard scrolls sideways").toBeLessThanOrEqual(0);
    // The page itself, hidden chart tables included, is no wider than the screen (issue 35).
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth),
      "the dashboard's width",
    ).toBeLessThanOrEqual(width);
    // Every section of the console is in sight, on a phone too.
    for (const section of ["People", "Inbox", "Orders", "Broadcasts", "Email", "Security"]) {
      await expect(
        page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: section }),
      ).toBeInViewport();
    }
    await keepScreenshot(page, {
      path: test.info().outputPath(`dashboard-${width}.png`),
      fullPage: true,
    });

    await page.goto("/admin/people/import");
    await page.getByLabel("CSV file").setInputFiles({
      name: "sheet.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(sheet),
    });
    await page.getByRole("button", { name: "Preview the import" }).click();
    await expect(page.getByTestId("import-preview")).toBeVisible();
    await expect(page.getByTestId("import-separator")).toContainText("semicolons");
    await expect(page.getByTestId("import-statuses")).toContainText("unsubscribed (Subscribed)");
    await expect(page.getByTestId("count-unchanged")).toHaveText("0");
    await expect(page.getByTestId("duplicate-rows")).toContainText(
      "Line 4 repeats line 2 (list.ja@example.com): kept Jana Ja; newsletter unsubscribed",
    );
    expect(await page.evaluate(sideways), "the preview scrolls sideways").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath(`import-${width}.png`),
      fullPage: true,
    });

    // The form outlives its session's token: the console says so, then reloads the page. The
    // reload is answered 204, which keeps the page as it is for axe and the screenshot whenever
    // it comes; the test then follows the address the page asked for.
    const importPage = (url: URL) => url.pathname === "/admin/people/import";
    const reloads: string[] = [];
    await page.route(importPage, async (route) => {
      const request = route.request();
      if (!request.isNavigationRequest() || request.method() !== "GET") return route.continue();
      reloads.push(request.url());
      await route.fulfill({ status: 204 });
    });
    await page.evaluate(() => {
      for (const input of document.querySelectorAll<HTMLInputElement>('input[name="csrf"]')) {
        input.value = "from-an-older-session";
      }
    });
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("heading", { name: "This form has expired" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath(`stale-form-${width}.png`),
      fullPage: true,
    });
    await expect.poll(() => reloads, { timeout: 10_000 }).toEqual([page.url()]);
    await page.unroute(importPage);
    await page.goto(reloads[0]!);
    await expect(page.getByTestId("import-preview")).toBeVisible();
  });
}
