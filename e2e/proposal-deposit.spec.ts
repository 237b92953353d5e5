import type { Page } from "@playwright/test";
import { startSiteWithStripeFake, type SiteWithStripeFake } from "../support/site-with-stripe-fake";
import { consolePublisher } from "../support/console-publisher";
import { sentProposal } from "../support/sent-proposal";
import { lookAt } from "./support/look-at";
import { expect, test } from "./support/test";

/** Issue 51 point 3: the accepted proposal's deposit through Stripe Checkout (the fake). */
test.describe("a proposal's deposit", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let site: SiteWithStripeFake;
  let publicPath: string;
  let dealId: string;
  const owner = "owner@deposit-e2e.test";

  test.beforeAll(async () => {
    site = await startSiteWithStripeFake("sqlite", {
      env: { CONTACT_MIN_FILL_SECONDS: "0", CHECKOUT_RATE_LIMIT: "50", ADMIN_EMAILS: owner },
    });
    ({ publicPath, dealId } = await sentProposal(site.database.db, { owner }));
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  /** The deal's page in the console, signed in as the owner: the deposit's state. */
  async function dealDeposit(page: Page) {
    const [name, ...value] = (
      await consolePublisher(site.database.db, { email: owner })
    ).cookie.split("=");
    await page
      .context()
      .addCookies([{ name: name!, value: value.join("="), url: site.server.baseURL }]);
    await page.goto(`${site.server.baseURL}/admin/pipeline/${dealId}`);
    return page.getByTestId("deposit-state");
  }

  test("is paid from the accepted page, and the page then says so", async ({ page }) => {
    const url = `${site.server.baseURL}${publicPath}`;
    await page.goto(url);
    await expect(page.getByRole("button", { name: /^Pay the/ })).toBeHidden();
    await page.getByLabel("Your name").fill("Ada Park");
    await page.getByLabel("Your title").fill("VP Sales");
    await page.getByLabel(/I have read the proposal and accept its terms/).check();
    await page.getByRole("button", { name: "Accept the proposal" }).click();
    await expect(page.getByTestId("accepted")).toContainText("Accepted, thank you");
    const pay = page.getByRole("button", { name: "Pay the $12,750.00 deposit" });
    await expect(pay).toBeVisible();
    // A later visit of the same link offers it too.
    await page.goto(url);
    await expect(pay).toBeVisible();
    await lookAt(page, "deposit-due", true);

    await pay.click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_\w+/);
    await expect(page.getByTestId("fake-total")).toHaveText("1275000");
    const sessionId = /cs_test_\w+/.exec(page.url())![0];
    // The owner sees the Checkout opened, not paid.
    await expect(await dealDeposit(page)).toContainText(
      "Deposit of $12,750.00 asked; the client opened Checkout",
    );
    // Back and pressed again while it is open: the same session, not a second one.
    await page.goto(url);
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/c/pay/${sessionId}$`));
    expect(site.fake.sessions.size).toBe(1);

    // Paid at Stripe; its return page records it (the webhook is tested over HTTP).
    site.fake.completeSession(sessionId);
    await page.goto(`${url}?deposit_session=${sessionId}`);
    await expect(page.getByTestId("deposit")).toContainText(
      /Deposit paid on \d{4}-\d{2}-\d{2}, thank you/,
    );
    await expect(page.getByRole("button", { name: /^Pay the/ })).toBeHidden();
    await lookAt(page, "deposit-paid", true);
    const state = await dealDeposit(page);
    await expect(state).toContainText("Deposit of $12,750.00 paid");
    await expect(page.getByText("Deposit of $12,750.00 paid", { exact: true })).toBeVisible();
    await lookAt(page, "deal-deposit-paid", true);
  });
});
