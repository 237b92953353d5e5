import type { APIRequestContext } from "@playwright/test";
import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, test } from "./support/test";

/** A contact message as a visitor sends it, through the site's own endpoint. */
async function sendContactMessage(request: APIRequestContext, lastName: string) {
  const response = await request.post("/functions/v1/send-contact-email", {
    data: {
      firstName: "Grace",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      company: "",
      interest: "Corporate Training",
      message: `A workshop for the ${lastName} team, please.`,
    },
  });
  expect(response.ok()).toBe(true);
}

test.describe("the owner's console", () => {
  test("sends a visitor without a session to sign-in", async ({ page }) => {
    await page.goto("/admin/inbox");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the console");
    await expectNoAxeViolations(page);
  });

  test("signs in through the emailed link and works a message from new to archived", async ({
    page,
    request,
  }) => {
    await sendContactMessage(request, "Hopper");
    await signInThroughEmail(page, "inbox@console-e2e.test");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByTestId("leads-chart")).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: /Inbox/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Interest").selectOption("Corporate Training");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/interest=Corporate\+Training/);
    await page.getByRole("link", { name: /Grace Hopper/ }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
    await expect(page.getByTestId("message-status")).toHaveText("new");
    await expect(page.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
      "href",
      "mailto:hopper%40example.com?subject=Re%3A%20Corporate%20Training",
    );
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Mark as replied" }).click();
    await expect(page.getByTestId("message-status")).toHaveText("replied");
    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByTestId("message-status")).toHaveText("archived");

    await page.getByRole("link", { name: /Email/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Email health" })).toBeVisible();
    await expect(page.getByTestId("outbox-counts")).toContainText("Sent");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("signs in and archives a message with plain form posts", async ({ page, request }) => {
      await sendContactMessage(request, "Lamarr");
      await signInThroughEmail(page, "js-off@console-e2e.test");
      await page.goto("/admin/inbox?status=new");
      await page.getByRole("link", { name: /Grace Lamarr/ }).click();
      await page.getByRole("button", { name: "Archive" }).click();
      await expect(page.getByTestId("message-status")).toHaveText("archived");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the console");
    });
  });
});
