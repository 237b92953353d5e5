import type { Page } from "@playwright/test";

/**
 * /buy-now as a buyer leaves it before pressing: the first tap on the PDF card, the email and the
 * address filled, the total shown, and the session the page prepares for them answered (decision
 * 275). The page is already loaded.
 */
export async function fillAndAwaitPreparedPurchase(page: Page) {
  const prepared = page.waitForResponse(
    (response) =>
      response.url().endsWith("/functions/v1/create-checkout-session") &&
      (response.request().postData() ?? "").includes('"zipCode":"80302"'),
    { timeout: 30_000 },
  );
  await page.getByTestId("format-pdf").tap();
  await page.getByLabel("Email Address").fill("buyer@example.com");
  const address = page.getByTestId("address-fields");
  await address.getByLabel("Street Address").fill("1 Pearl Street");
  await address.getByLabel("City").fill("Boulder");
  await address.getByLabel("State").fill("CO");
  await address.getByLabel("ZIP Code").fill("80302");
  await page.getByTestId("summary-total").filter({ hasText: "$19.99" }).waitFor();
  await prepared;
}
