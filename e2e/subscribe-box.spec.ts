import { waitForEmail } from "./support/captured-mail";
import { expect, gotoHydrated, test } from "./support/test";

// The box on a content page (no React, decision 077) posts to /signup as a plain form.
const box = (page: import("@playwright/test").Page) =>
  page.locator("form", { has: page.getByRole("button", { name: "Subscribe" }) });

test("the island fetches the box's form token at the first focus: one press subscribes", async ({
  page,
}) => {
  const tokenRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/functions/v1/form-token")) tokenRequests.push(request.url());
  });
  await gotoHydrated(page, "/resources");
  const form = box(page);
  // Read and left, the page asks for no token.
  await expect(form.locator('input[name="formToken"]')).toHaveCount(0);
  expect(tokenRequests).toEqual([]);

  const email = `box.${Date.now()}@example.com`;
  await form.getByLabel("Email address").fill(email);
  await expect(form.locator('input[name="formToken"]')).toHaveValue(/\S/);
  expect(tokenRequests).toHaveLength(1);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByTestId("signup-submitted")).toBeVisible();
  const confirmation = await waitForEmail(email, "Please confirm your subscription");
  expect(confirmation.text).toMatch(/\/lists\/newsletter\/confirm\//);
});

test.describe("the subscribe box without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is answered with one more click, which subscribes", async ({ page }) => {
    await page.goto("/all-resources");
    const email = `box.no-script.${Date.now()}@example.com`;
    await box(page).getByLabel("Email address").fill(email);
    await box(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("One more click to subscribe");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("signup-submitted")).toBeVisible();
    const confirmation = await waitForEmail(email, "Please confirm your subscription");
    expect(confirmation.text).toMatch(/\/lists\/newsletter\/confirm\//);
  });
});
