import type { Locator, Page } from "@playwright/test";
import { waitForEmail } from "./support/captured-mail";
import {
  blockNewTabs,
  expectScheduleFallsBackToSameWindow,
  expectScheduleOpensNewTab,
} from "./support/scheduling";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

/** The spec places notifications bottom-right: the element's centre is in that quarter. */
async function expectBottomRight(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width / 2).toBeGreaterThan(viewport.width / 2);
  expect(box.y + box.height / 2).toBeGreaterThan(viewport.height / 2);
}

async function fillContactForm(page: Page, email: string) {
  await page.getByLabel("First Name *").fill("Ada");
  await page.getByLabel("Last Name *").fill("Lovelace");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Company").fill("Analytical Engines");
  await page.getByLabel("Interest").selectOption("Corporate Training");
  await page.getByLabel("Message *").fill("We'd like a workshop for our team of 12.");
}

test.describe("contact page", () => {
  test("shows the spec's sections, settings and an honest events card", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expect(page).toHaveTitle(/Contact/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's Connect");
    const hero = page.getByRole("region", { name: "Let's Connect" });
    // Through the server's /schedule redirect, which follows the running SCHEDULING_URL.
    await expect(hero.getByRole("link", { name: /Schedule Call/ })).toHaveAttribute(
      "href",
      "/schedule",
    );
    await expect(hero.getByRole("link", { name: /Schedule Call/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    const cards = page.getByTestId("service-cards").getByRole("listitem");
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole("heading")).toHaveText([
      "Keynote Speaking",
      "Corporate Training",
      "Private Consulting",
    ]);
    await expect(cards.nth(1).getByRole("link", { name: /Learn More/ })).toHaveAttribute(
      "href",
      "/training",
    );
    await expect(cards.nth(2).getByRole("link", { name: /Learn More/ })).toHaveAttribute(
      "href",
      "/training",
    );

    const direct = page.getByRole("heading", { name: "Direct Contact" }).locator("../..");
    await expect(direct).toContainText("Boulder, Colorado");
    await expect(direct.getByRole("link", { name: "hello@presenceselling.com" })).toHaveAttribute(
      "href",
      "mailto:hello@presenceselling.com",
    );
    await expect(direct).toContainText("+1 (303) 555-0142");

    // Today is after every event in the content: none may be presented as upcoming.
    const events = page.getByTestId("events-card");
    await expect(events.getByTestId("no-upcoming-events")).toContainText(
      "No upcoming events scheduled",
    );
    await expect(events.getByTestId("upcoming-events")).toHaveCount(0);
    const allEvents = events.getByTestId("all-events");
    await events.getByText("View All Events").click();
    await expect(allEvents.getByRole("listitem")).toHaveCount(3);
    await expect(allEvents.getByRole("listitem").filter({ hasText: "Past" })).toHaveCount(3);
    await expect(allEvents).toContainText("Denver, CO");
    await expect(allEvents).toContainText("Boulder, CO");
    await expect(allEvents).toContainText("San Francisco, CA");

    const closing = page.getByRole("region", { name: "Ready to Sell from Presence?" });
    await expect(closing.getByRole("link", { name: /Schedule Call/ })).toHaveAttribute(
      "href",
      "/schedule",
    );
    await expectNoAxeViolations(page);
  });

  test("preselects the interest from ?interest=", async ({ page }) => {
    await gotoHydrated(page, "/contact?interest=Private%20Consulting");
    await expect(page.getByLabel("Interest")).toHaveValue("Private Consulting");
    await gotoHydrated(
      page,
      "/contact?interest=Corporate%20Training&message=Please%20send%20dates.#contact-form",
    );
    await expect(page.getByLabel("Interest")).toHaveValue("Corporate Training");
    await expect(page.getByLabel("Message *")).toHaveValue("Please send dates.");
    await gotoHydrated(page, "/contact?interest=Unknown");
    await expect(page.getByLabel("Interest")).toHaveValue("General Inquiry");
  });

  test("Send Message scrolls to the form", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("link", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.locator("#contact-form")).toBeInViewport();
  });

  test("Schedule Call opens a new tab", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expectScheduleOpensNewTab(
      page,
      page.getByRole("link", { name: /Schedule Call/ }).first(),
    );
  });

  test("Schedule Call navigates this window when the new tab is blocked", async ({ page }) => {
    await blockNewTabs(page);
    await gotoHydrated(page, "/contact");
    await expectScheduleFallsBackToSameWindow(
      page,
      page.getByRole("link", { name: /Schedule Call/ }).first(),
    );
  });

  test("with JavaScript: validates, sends, toasts, resets, and the owner is emailed", async ({
    page,
    allowConsoleErrors,
  }) => {
    test.slow(); // Waits for two emails through the outbox.
    // The action checks the empty form and answers 400 with the field errors; the browser logs it.
    allowConsoleErrors(/Failed to load resource: .* 400/);
    await gotoHydrated(page, "/contact?interest=Keynote%20Speaking");
    await page.locator("#contact-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByLabel("First Name *")).toHaveAttribute("aria-invalid", "true");

    const email = `ada.${Date.now()}@example.com`;
    await fillContactForm(page, email);
    // Hold the answer until the sending state has been seen.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/contact", async (route) => {
      if (route.request().method() === "POST") await answered;
      await route.continue();
    });
    const submit = page.locator("#contact-form").getByRole("button");
    await submit.click();
    await expect(submit).toHaveText("Sending...");
    await expect(submit).toBeDisabled();
    answer();

    const toast = page.getByRole("region", { name: /Notifications/ });
    await expect(toast.getByText("Message sent successfully!")).toBeVisible();
    await expect(
      toast.getByText("Thank you for reaching out. We'll get back to you within 48 hours."),
    ).toBeVisible();
    await expectBottomRight(page, toast.getByText("Message sent successfully!"));
    // The spec's hotkey: Alt+T takes the keyboard to the notifications.
    await page.keyboard.press("Alt+KeyT");
    await expect
      .poll(() => toast.evaluate((region) => region.contains(document.activeElement)))
      .toBe(true);
    await expect(submit).toHaveText("Send Message");
    await expect(page.getByLabel("First Name *")).toHaveValue("");
    await expect(page.getByLabel("Message *")).toHaveValue("");
    await expect(page.getByLabel("Interest")).toHaveValue("Keynote Speaking");

    // Other tests also write as Ada Lovelace: the owner's copy of this message replies to `email`.
    const ownerEmail = await waitForEmail(
      "owner@presenceselling.com",
      "from Ada Lovelace",
      (sent) => sent.replyTo?.[0]?.address === email,
    );
    expect(ownerEmail.text).toContain("We'd like a workshop for our team of 12.");
    await waitForEmail(email, "We received your message");
  });

  test("with JavaScript: a failed send shows the destructive toast and keeps the form", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
    await gotoHydrated(page, "/contact");
    await fillContactForm(page, "kept@example.com");
    // The network fails on the way to the server.
    await page.route("**/contact", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    await page.locator("#contact-form").getByRole("button").click();
    const toast = page.getByRole("region", { name: /Notifications/ });
    await expect(toast.getByText("Failed to send message")).toBeVisible();
    await expect(
      toast.getByText("Please try again or contact us directly at hello@presenceselling.com."),
    ).toBeVisible();
    // Destructive: the toast is drawn in the site's destructive colour.
    const failure = toast.getByRole("listitem").filter({ hasText: "Failed to send message" });
    const [shown, destructive] = await failure.evaluate((element) => {
      const probe = document.createElement("div");
      probe.style.background = "var(--color-destructive)";
      document.body.append(probe);
      const colours = [
        getComputedStyle(element).backgroundColor,
        getComputedStyle(probe).backgroundColor,
      ];
      probe.remove();
      return colours;
    });
    expect(shown).toBe(destructive);
    await expect(page.getByLabel("Email *")).toHaveValue("kept@example.com");
    await expect(page.getByLabel("First Name *")).toHaveValue("Ada");
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends through the route action and shows the success message after the redirect", async ({
    page,
  }) => {
    test.slow(); // Waits for two emails through the outbox.
    await page.goto("/contact?interest=Private%20Consulting");
    await expect(page.getByLabel("Interest")).toHaveValue("Private Consulting");
    const email = `nojs.${Date.now()}@example.com`;
    await fillContactForm(page, email);
    await page.locator("#contact-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    const notice = page.getByTestId("flash-toast");
    await expect(notice).toContainText("Message sent successfully!");
    await expect(notice).toContainText(
      "Thank you for reaching out. We'll get back to you within 48 hours.",
    );
    await expect(page.getByLabel("First Name *")).toHaveValue("");
    await waitForEmail(
      "owner@presenceselling.com",
      "from Ada Lovelace",
      (sent) => sent.replyTo?.[0]?.address === email,
    );
    await waitForEmail(email, "We received your message");

    // The toast was shown once: the next page has none.
    await page.goto("/contact");
    await expect(page.getByTestId("flash-toast")).toHaveCount(0);
  });
});
