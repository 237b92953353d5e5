import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

test("Email health shows the 30-day complaint and bounce rates beside the providers' lines", async ({
  page,
}) => {
  await signInThroughEmail(page, "rates@console-e2e.test");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/email");
    const rates = page.getByTestId("delivery-rates");
    await expect(rates).toContainText("Complaint rate");
    await expect(rates).toContainText("Keep under 0.1 %, never reach 0.3 %");
    await expect(rates).toContainText("Keep under 5 %, never reach 10 %");
    await expect(
      page.getByText(/Each rate is its count divided by the \d+ emails? delivered/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath(`email-health-${width}.png`),
      fullPage: true,
    });
  }
});
