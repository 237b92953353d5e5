import type { Page } from "@playwright/test";
import { salesOpenSite } from "./support/sales-open-site";
import { waitForEmail } from "./support/captured-mail";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

async function expectTotal(page: Page, total: string) {
  await expect(page.getByTestId("summary-total")).toHaveText(total);
}

test.describe("purchase page, sales closed (the default)", () => {
  test("shows the spec's Coming Soon state", async ({ page }) => {
    await gotoHydrated(page, "/buy-now");
    await expect(page).toHaveTitle("Complete Your Purchase | Presence Selling");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete Your Purchase");
    await expect(page.getByTestId("coming-soon-badge")).toHaveText("Coming Soon");

    const button = page.getByTestId("purchase-button");
    await expect(button).toBeDisabled();
    await expect(button).toHaveText("Coming Soon");
    for (const label of ["First Name", "Last Name", "Email Address"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    }
    for (const label of ["Card Number", "Expiry Date", "CVV"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    }
    await expect(page.getByRole("heading", { name: "Payment Method" })).toBeVisible();
    await expect(page.getByText("Credit or Debit Card")).toBeVisible();
    await expect(page.getByTestId("card-brands")).toHaveText(
      "Visa, Mastercard, American Express, Discover · No additional fees",
    );
    await expect(page.getByTestId("summary-tax")).toHaveText("$0.00");
    await expect(page.getByTestId("summary-shipping")).toHaveText("Free");
    await expect(page.getByText("30-Day Money-Back Guarantee")).toBeVisible();
    await expect(page.getByTestId("address-fields")).toHaveCount(0);
  });

  test("the format picker toggles items and sums the total", async ({ page }) => {
    await gotoHydrated(page, "/buy-now");
    const pdf = page.getByTestId("format-pdf");
    const session = page.getByTestId("format-breakthrough-session");
    await expect(pdf).toContainText("PDF Download");
    await expect(pdf).toContainText("$19.99");
    await expect(pdf).toContainText("Instant download");
    await expect(session).toContainText("Sales Breakthrough Hour");
    await expect(session).toContainText("$295");
    await expect(session).toContainText("60-minute one-to-one video consultation");
    await expect(session).toContainText("Recorded");
    await expect(session).toContainText("Scheduled after purchase");

    await expectTotal(page, "$0.00");
    await pdf.click();
    await expectTotal(page, "$19.99");
    await session.click();
    await expectTotal(page, "$314.99");
    await expect(page.getByTestId("summary-items").getByRole("listitem")).toHaveCount(2);
    await pdf.click();
    await expectTotal(page, "$295.00");
    await expect(page.getByRole("checkbox", { name: /PDF Download/ })).not.toBeChecked();
  });

  test("takes a waitlist signup, confirmed by a click on the emailed link", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The forged link at the end answers 404, which the browser logs.
    allowConsoleErrors(/status of 404/);
    const address = `reader-${Date.now()}@example.com`;
    await gotoHydrated(page, "/buy-now");
    const waitlist = page.getByTestId("waitlist");
    await expect(waitlist.getByRole("heading")).toHaveText("Notify me when it's available");
    await waitlist.getByLabel("Email address").fill(address);
    await waitlist.getByRole("button", { name: "Notify Me" }).click();
    await expect(page.getByTestId("waitlist-reply")).toHaveText(
      "Thank you! Check your inbox and confirm your address to join the list.",
    );

    const email = await waitForEmail(address, "Confirm: tell me when");
    const confirmPath = /https?:\/\/[^\s/]+(\/lists\/waitlist\/confirm\/[\w.-]+)/.exec(
      email.text ?? "",
    )?.[1];
    expect(confirmPath, "a confirmation link").toBeDefined();
    await gotoHydrated(page, confirmPath!);
    await expect(page.getByTestId("waitlist-state")).toHaveText("Confirm your place on the list");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm My Email" }).click();
    await expect(page.getByTestId("waitlist-state")).toHaveText("You're on the list");

    await gotoHydrated(page, `${confirmPath!.slice(0, -2)}xx`);
    await expect(page.getByTestId("waitlist-state")).toHaveText(
      "This confirmation link is not valid",
    );
  });

  test("has no axe violations", async ({ page }) => {
    await gotoHydrated(page, "/buy-now");
    await page.getByTestId("format-pdf").click();
    await expectNoAxeViolations(page);
  });
});

test.describe("payment success page without Stripe (the spec's query-only page)", () => {
  test("builds the session order from the query", async ({ page }) => {
    await gotoHydrated(page, "/payment-success?session_id=cs_demo_1&format=breakthrough-session");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
    await expect(page.getByTestId("order-id")).toHaveText("cs_demo_1");
    await expect(page.getByTestId("order-format")).toHaveText("Sales Breakthrough Hour");
    await expect(page.getByTestId("order-amount")).toHaveText("$295.00");
    const scheduling = page.getByTestId("scheduling");
    await expect(scheduling).toContainText("within 24 hours");
    await expect(scheduling).toContainText("60-minute one-to-one video session");
    await expect(scheduling.getByRole("button", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByTestId("download")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("defaults to the PDF, reads sessionId, shows no total without a session", async ({
    page,
  }) => {
    await gotoHydrated(page, "/payment-success?sessionId=cs_demo_2");
    await expect(page.getByTestId("order-amount")).toHaveText("$19.99");
    await expect(page.getByTestId("order-format")).toHaveText("PDF Download");
    await expect(page.getByTestId("download").getByText("Download PDF Now")).toBeVisible();
    await expect(page.getByTestId("scheduling")).toHaveCount(0);

    await gotoHydrated(page, "/payment-success");
    await expect(page.getByTestId("order-summary")).toHaveCount(0);
    await expect(page.getByTestId("download")).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("purchase page with sales open", () => {
  // One server for these tests, started here; its start and the flows need more than 30 s on a busy machine.
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  const site = salesOpenSite();

  async function openLivePage(page: Page) {
    await gotoHydrated(page, `${site.server.baseURL}/buy-now`);
    await expect(page.getByTestId("coming-soon")).toHaveCount(0);
    await expect(page.getByTestId("purchase-button")).toHaveText("Complete Purchase");
  }

  type PreparedAnswer = { url: string; sessionId: string };

  /** The answer to the session the page prepares once its form is complete (decision 275). */
  function preparedAnswer(page: Page) {
    return page.waitForResponse(
      (response) =>
        response.url().endsWith("/functions/v1/create-checkout-session") &&
        (response.request().postData() ?? "").includes('"prepare":true'),
    );
  }

  async function fillAddress(page: Page) {
    const address = page.getByTestId("address-fields");
    await address.getByLabel("Street Address").fill("1 Pearl Street");
    await address.getByLabel("City").fill("Boulder");
    await address.getByLabel("State").fill("CO");
    await address.getByLabel("ZIP Code").fill("80302");
  }

  /**
   * The live page with the PDF and a complete form, its session prepared: that session, and the
   * paths the page posts to from then on.
   */
  async function preparedLivePage(page: Page, email: string) {
    await openLivePage(page);
    await page.getByTestId("format-pdf").click();
    await page.getByLabel("Email Address").fill(email);
    const prepared = preparedAnswer(page);
    await fillAddress(page);
    const answer = (await (await prepared).json()) as PreparedAnswer;
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    return { ...answer, posts };
  }

  test("validates the selection, the email and the address", async ({ page }) => {
    await openLivePage(page);
    const button = page.getByTestId("purchase-button");
    await button.click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts).toContainText("Selection Required");
    await expect(toasts).toContainText("Please select at least one format to proceed.");

    await page.getByTestId("format-pdf").click();
    const email = page.getByLabel("Email Address");
    await email.fill("buyer@example");
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("address-fields")).toHaveCount(0);
    await button.click();
    await expect(toasts).toContainText("Email Required");

    await email.fill("buyer@example.com");
    await expect(page.getByText("Please enter a valid email address.")).toHaveCount(0);
    const address = page.getByTestId("address-fields");
    await expect(address).toBeVisible();
    for (const label of ["Street Address", "Apartment, Suite (optional)", "City", "State"]) {
      await expect(address.getByLabel(label)).toBeVisible();
    }
    await expect(address.getByLabel("Country")).toHaveValue("United States");
    await button.click();
    await expect(address.getByText("This field is required.")).toHaveCount(4);
    await expect(address.getByLabel("Street Address")).toBeFocused();
    await expect(page).toHaveURL(`${site.server.baseURL}/buy-now`);
    expect(site.fake.requests).toHaveLength(0);
    await expectNoAxeViolations(page);
  });

  test("sends every selected item and follows the Checkout URL", async ({ page }) => {
    await openLivePage(page);
    await page.getByTestId("format-pdf").click();
    await page.getByTestId("format-breakthrough-session").click();
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Email Address").fill("buyer@example.com");
    await fillAddress(page);
    await page.getByTestId("purchase-button").click();
    await expect(page).toHaveURL(new RegExp(`^${site.fake.url}/c/pay/cs_test_\\w+$`));
    await expect(page.getByTestId("fake-total")).toHaveText("31499");
    const session = [...site.fake.sessions.values()].at(-1)!;
    expect(session.customer_email).toBe("buyer@example.com");
    expect(session.line_items.data.map((item) => item.description)).toEqual([
      "PDF Download",
      "Sales Breakthrough Hour",
    ]);
  });

  test("goes straight to the session prepared for the form, and opens its order", async ({
    page,
  }) => {
    const { url, sessionId, posts } = await preparedLivePage(page, "prepared@example.com");
    await page.getByTestId("purchase-button").click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId("fake-total")).toHaveText("1999");
    // The beacon opened the order: it was hidden from the owner until the press.
    await expect.poll(() => site.orderStatus(sessionId)).toBe("pending");
    // No session was asked for after the press.
    expect(posts).not.toContain("/functions/v1/create-checkout-session");
    expect(site.fake.sessions.get(sessionId)?.status).toBe("open");
  });

  test("Enter in a field goes to the prepared session as the press does", async ({ page }) => {
    const { url, sessionId, posts } = await preparedLivePage(page, "enter@example.com");
    // The browser's implicit submission clicks the form's button: the same path as a press.
    await page.getByTestId("address-fields").getByLabel("ZIP Code").press("Enter");
    await expect(page).toHaveURL(url);
    await expect.poll(() => site.orderStatus(sessionId)).toBe("pending");
    expect(posts).not.toContain("/functions/v1/create-checkout-session");
  });

  test("a changed selection never pays for the session prepared for the old one", async ({
    page,
  }) => {
    await openLivePage(page);
    await page.getByTestId("format-pdf").click();
    await page.getByLabel("Email Address").fill("changed@example.com");
    const prepared = preparedAnswer(page);
    await fillAddress(page);
    const old = (await (await prepared).json()) as PreparedAnswer;
    expect(site.orderStatus(old.sessionId)).toBe("prepared");
    // The buyer adds the session and presses at once: the press asks for its own session.
    await page.getByTestId("format-breakthrough-session").click();
    await page.getByTestId("purchase-button").click();
    await expect(page.getByTestId("fake-total")).toHaveText("31499");
    expect(page.url()).not.toBe(old.url);
    await expect.poll(() => site.fake.sessions.get(old.sessionId)?.status).toBe("expired");
    const stale = await page.request.get(old.url);
    expect(stale.status()).toBe(410);
  });

  test("shows the Payment Error toast when checkout fails or returns no URL", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource/);
    await openLivePage(page);
    await page.getByTestId("format-pdf").click();
    await page.getByLabel("Email Address").fill("buyer@example.com");
    // Stripe refuses the session prepared as the form completes (decision 275), then the press's.
    site.fake.failNextRequest(402, 2);
    const prepared = preparedAnswer(page);
    await fillAddress(page);
    expect((await prepared).status()).toBe(502);
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await page.getByTestId("purchase-button").click();
    await expect(toasts).toContainText("Payment Error");
    await expect(toasts).toContainText("Unable to process payment. Please try again.");
    await expect(page).toHaveURL(`${site.server.baseURL}/buy-now`);

    await page.route("**/functions/v1/create-checkout-session", (route) =>
      route.fulfill({ status: 200, json: {} }),
    );
    await page.getByTestId("purchase-button").click();
    await expect(toasts.getByText("Payment Error")).toHaveCount(2);
    await expect(page).toHaveURL(`${site.server.baseURL}/buy-now`);
  });

  test("verifies the session on the success page: receipt and download only when paid", async ({
    page,
  }) => {
    // An API caller takes a form token first (this server has no minimum fill time).
    const tokenAnswer = await page.request.get(`${site.server.baseURL}/functions/v1/form-token`);
    const { token } = (await tokenAnswer.json()) as { token: string };
    const response = await page.request.post(
      `${site.server.baseURL}/functions/v1/create-checkout-session`,
      {
        data: {
          productId: "no-self-selling-book",
          format: "pdf",
          formats: ["pdf"],
          successUrl: "http://localhost:3000/payment-success",
          cancelUrl: "http://localhost:3000/buy-now",
          email: "reader@example.com",
          formToken: token,
        },
      },
    );
    const answer = (await response.json()) as { url?: string; error?: string };
    expect(answer.error).toBeUndefined();
    const sessionId = answer.url!.split("/").at(-1)!;

    await gotoHydrated(page, `${site.server.baseURL}/payment-success?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your payment has not completed",
    );
    await expect(page.getByTestId("order-summary")).toHaveCount(0);

    site.fake.completeSession(sessionId);
    await gotoHydrated(page, `${site.server.baseURL}/payment-success?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
    await expect(page.getByTestId("order-amount")).toHaveText("$19.99");
    const downloadLink = page.getByRole("link", { name: "Download PDF Now" });
    await expect(downloadLink).toHaveAttribute("href", /^\/downloads\/book\/[\w.-]+$/);
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe("no-self-selling.pdf");
    await expectNoAxeViolations(page);

    await page.getByLabel("Email address").fill("someone-else@example.com");
    await page.getByRole("button", { name: "Send New Link" }).click();
    await expect(page.getByTestId("reissue").getByRole("status")).toHaveText(
      "If that address matches this order, a fresh download link is on its way to it.",
    );
  });

  /** Holds the island's modules until `release()`: a press before it lands on the server's HTML. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/island-.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** The paths the page posts to from now on. */
  function postsOf(page: Page) {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    return posts;
  }

  test("Complete Purchase pressed before the scripts run is checked once they have", async ({
    page,
  }) => {
    // Issue 50: a card tapped, then the button at once, on a page whose scripts are still coming.
    const release = await holdScripts(page);
    const posts = postsOf(page);
    await page.goto(`${site.server.baseURL}/buy-now`);
    await page.getByTestId("format-pdf").click();
    await page.getByLabel("First Name").fill("Early");
    await page.getByTestId("purchase-button").click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    // The press is the island's once it has hydrated: it asks for the email, the page kept.
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts).toContainText("Email Required");
    await expect(page.getByRole("checkbox", { name: "PDF Download" })).toBeChecked();
    await expectTotal(page, "$19.99");
    await expect(page.getByLabel("First Name")).toHaveValue("Early");
    expect(posts).not.toContain("/buy-now");
    // And the same press with the email goes on to the address, then to Stripe.
    await page.getByLabel("Email Address").fill("early@example.com");
    await fillAddress(page);
    await page.getByTestId("purchase-button").click();
    await expect(page).toHaveURL(new RegExp(`^${site.fake.url}/c/pay/cs_test_\\w+$`));
  });

  test("a press whose scripts never come posts natively; the refusal keeps every choice", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The aborted modules, and the refusal's own 400.
    allowConsoleErrors(/Failed to load resource/);
    await page.setViewportSize({ width: 390, height: 844 });
    // The modules cannot be fetched: the held press goes to the server as it would have.
    await page.route(/\/assets\/island-.*\.js$/, (route) => route.abort());
    await page.goto(`${site.server.baseURL}/buy-now`);
    await page.getByTestId("format-breakthrough-session").click();
    await page.getByLabel("First Name").fill("Native");
    await page.getByLabel("Last Name").fill("Buyer");
    const posted = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/buy-now"),
    );
    await page.getByTestId("purchase-button").click();
    await posted;
    await page.waitForLoadState();
    await expect(page.getByTestId("purchase-refusal")).toHaveText(
      "Please enter a valid email address.",
    );
    await expect(page.getByRole("checkbox", { name: "Sales Breakthrough Hour" })).toBeChecked();
    await expectTotal(page, "$295.00");
    await expect(page.getByLabel("First Name")).toHaveValue("Native");
    await expect(page.getByLabel("Last Name")).toHaveValue("Buyer");
    // The field to fix has the focus, its message beside it, both on the screen.
    const email = page.getByLabel("Email Address");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeInViewport();
    await expect(page.locator("#purchase-email-error")).toBeInViewport();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a refused purchase comes back as it was sent, the first error focused", async ({
      page,
      allowConsoleErrors,
    }) => {
      // The refusal is answered 400, which Chromium logs as a failed resource.
      allowConsoleErrors(/status of 400/);
      await page.goto(`${site.server.baseURL}/buy-now`);
      await page.getByLabel("Email Address").fill("nothing.chosen@example.com");
      await page.getByTestId("purchase-button").click();
      await expect(page.getByTestId("purchase-refusal")).toHaveText(
        "Please select at least one format to proceed.",
      );
      await expect(page.getByLabel("Email Address")).toHaveValue("nothing.chosen@example.com");
      const first = page.getByRole("checkbox", { name: "PDF Download" });
      await expect(first).toBeFocused();
      await expect(first).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#format-error")).toBeInViewport();
    });
  });
});

test.describe("purchase page, a buyer as fast as autofill", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  // A time trap longer than the test takes to fill the form, even on a loaded machine.
  const site = salesOpenSite({ CONTACT_MIN_FILL_SECONDS: "30" });

  test("a press within the minimum fill time waits it out and reaches Stripe", async ({ page }) => {
    await gotoHydrated(page, `${site.server.baseURL}/buy-now`);
    await page.getByTestId("format-pdf").click();
    await page.getByLabel("Email Address").fill("fast@example.com");
    const address = page.getByTestId("address-fields");
    await address.getByLabel("Street Address").fill("1 Pearl Street");
    await address.getByLabel("City").fill("Boulder");
    await address.getByLabel("State").fill("CO");
    await address.getByLabel("ZIP Code").fill("80302");
    const pressedAt = await page.evaluate(() => performance.now());
    expect(pressedAt).toBeLessThan(30_000);
    await page.getByTestId("purchase-button").click();
    // "Processing..." until the token is old enough, then Stripe: no Payment Error on the way.
    await expect(page).toHaveURL(new RegExp(`^${site.fake.url}/c/pay/cs_test_\\w+$`), {
      timeout: 45_000,
    });
    await expect(page.getByTestId("fake-total")).toHaveText("1999");
  });
});
