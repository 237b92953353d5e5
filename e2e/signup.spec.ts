import { linkPath, waitForEmail } from "./support/captured-mail";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test("signup: form, confirmation email, confirmed with the welcome email, then unsubscribed", async ({
  page,
}) => {
  // Three pages and two emails through the outbox: more than the default 30 s on a busy machine.
  test.slow();
  await gotoHydrated(page, "/signup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stay Connected");
  await expect(page.getByText("We respect your privacy. Unsubscribe at any time.")).toBeVisible();
  await expect(page.getByTestId("confirmation-note")).toContainText(
    "We'll email you a link to confirm your address.",
  );
  await expect(page.getByRole("checkbox")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Get the Book" })).toHaveAttribute(
    "href",
    "/buy-now",
  );
  await expectNoAxeViolations(page);

  const email = `grace.${Date.now()}@example.com`;
  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Weekly insights and practices").check();
  await page.getByRole("button", { name: "Subscribe" }).click();

  await expect(page.getByRole("heading", { name: "Welcome to the Journey" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page).toHaveURL(/\/signup$/);

  const confirmation = await waitForEmail(email, "Please confirm your subscription");
  await page.goto(linkPath(confirmation, "/lists/newsletter/confirm"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByTestId("newsletter-confirmed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Get the free guides" })).toHaveAttribute(
    "href",
    "/all-resources",
  );

  const welcome = await waitForEmail(email, "Welcome to the Journey");
  expect(welcome.text).toContain("/all-resources");
  await page.goto(linkPath(welcome, "/lists/newsletter/unsubscribe"));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByTestId("newsletter-unsubscribed")).toHaveText("You're unsubscribed");
});

test("an invalid confirmation link says so, answering 404", async ({
  page,
  allowConsoleErrors,
}) => {
  // The browser logs the 404 answer.
  allowConsoleErrors(/status of 404/);
  const opened = await page.goto("/lists/newsletter/confirm/forged.token");
  expect(opened?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "This link has expired or is not valid",
  );
});

test("with the token's fetch blocked, the page asks for one more click and that click subscribes", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
  await page.route("**/functions/v1/form-token", (route) => route.abort());
  await gotoHydrated(page, "/signup");
  const email = `blocked.${Date.now()}@example.com`;
  await page.getByLabel("First name").fill("Noor");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One more click to subscribe");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("signup-submitted")).toBeVisible();
  await waitForEmail(email, "Please confirm your subscription");
});

test.describe("signup without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the prerendered form has no token: one more click on the page that answers subscribes", async ({
    page,
  }) => {
    const email = `lin.${Date.now()}@example.com`;
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Lin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Weekly insights and practices").check();
    await page.getByRole("button", { name: "Subscribe" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("One more click to subscribe");
    await expect(page.getByLabel("First name")).toHaveValue("Lin");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to the Journey" })).toBeVisible();
    const confirmation = await waitForEmail(email, "Please confirm your subscription");
    expect(confirmation.text).toMatch(/\/lists\/newsletter\/confirm\//);
  });
});
