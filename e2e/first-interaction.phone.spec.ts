import {
  expectNotHydrated,
  fillBuyer,
  formFields,
  nextPost,
  stubVideoFrame,
  firstInteractionSite,
} from "./support/first-interaction";
import { expect, test } from "./support/test";

// Issue 33 (decision 130) on a phone: the first tap on a fresh page counts (a touch: no pointer
// moves before it, no focus). The mouse and keyboard are first-interaction.spec.ts.
const site = firstInteractionSite();

test.describe("the first tap counts, phone", () => {
  test("/buy-now: the first tap on a card puts its price in the total", async ({ page }) => {
    await page.goto(site.url("/buy-now"));
    await expectNotHydrated(page);
    await page.getByTestId("format-pdf").tap();
    await expect(page.getByTestId("summary-total")).toHaveText("$19.99");
    await expect(page.getByRole("checkbox", { name: "PDF Download" })).toBeChecked();
    await page.getByTestId("format-breakthrough-session").tap();
    await expect(page.getByTestId("summary-total")).toHaveText("$314.99");
  });

  test("/buy-now: the first tap's format reaches checkout and Stripe", async ({ page }) => {
    await page.goto(site.url("/buy-now"));
    await page.getByTestId("format-breakthrough-session").tap();
    // The first post carries the form: the session prepared once it is complete (decision
    // 275), or the press's own when the press comes first.
    const checkout = nextPost(page, "/functions/v1/create-checkout-session");
    await fillBuyer(page);
    await page.getByTestId("purchase-button").tap();
    const body = (await checkout).postDataJSON() as { formats: string[] };
    expect(body.formats).toEqual(["breakthrough-session"]);
    await expect(page.getByTestId("fake-total")).toHaveText("29500");
  });

  test("/buy-now: a field tapped and typed into first keeps its keys", async ({ page }) => {
    await page.goto(site.url("/buy-now"));
    const email = page.getByLabel("Email Address");
    await email.tap();
    await page.keyboard.type("tapped.keys@example.com");
    await expect(email).toHaveValue("tapped.keys@example.com");
    await expect(page.getByTestId("address-fields")).toBeVisible();
  });

  test("/contact: the keys typed after the first tap reach the server", async ({ page }) => {
    await page.goto(site.url("/contact"));
    await page.getByLabel("First Name").tap();
    await page.keyboard.type("Ada");
    await page.getByLabel("Last Name").fill("Lovelace");
    await page.getByLabel("Email").fill("ada.tap@example.com");
    await page.getByLabel("Message").fill("A workshop for our sales team, please.");
    const post = nextPost(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).tap();
    expect(formFields(await post).get("firstName")).toBe("Ada");
    await expect(page.getByText("Message sent successfully!").first()).toBeVisible();
  });

  test("/signup: the first tap on an interest is sent", async ({ page }) => {
    await page.goto(site.url("/signup"));
    await page.getByLabel("Weekly insights and practices").tap();
    await page.getByLabel("First name").fill("Noor");
    await page.getByLabel("Email").fill("noor.tap@example.com");
    const post = nextPost(page, "/signup");
    await page.getByRole("button", { name: "Subscribe" }).tap();
    expect(formFields(await post).getAll("interests")).toHaveLength(1);
  });

  test("/booking: the first tap on a time picks it and the details go with it", async ({
    page,
  }) => {
    await page.goto(site.url("/booking?tz=America%2FDenver"));
    const time = page.locator("details[open] label:has(input[name=start])").first();
    await time.tap();
    const radio = time.locator("input");
    await expect(radio).toBeChecked();
    const start = await radio.getAttribute("value");
    await expect(page.getByLabel("Your name")).toBeVisible();
    await page.getByLabel("Your name").fill("First Tap");
    await page.getByLabel("Email").fill("first.tap.booking@example.com");
    const post = nextPost(page, "/booking");
    await page.getByRole("button", { name: "Hold this time" }).tap();
    expect(formFields(await post).get("start")).toBe(start);
    await expect(page.getByTestId("booking-held")).toBeVisible();
  });

  for (const path of ["/method", "/buy-now"]) {
    test(`${path}: the first tap opens the menu`, async ({ page }) => {
      await page.goto(site.url(path));
      await page.getByRole("button", { name: "Open menu" }).tap();
      const close = page.getByRole("button", { name: "Close menu" });
      await expect(close).toHaveAttribute("aria-expanded", "true");
      const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
      await expect(menu.getByRole("link", { name: /^The Method/ })).toBeVisible();
    });
  }

  test("the video card: the first tap opens the video", async ({ page }) => {
    await stubVideoFrame(page);
    await page.goto(site.url("/"));
    await page.getByRole("button", { name: "Watch NASDAQ Closing" }).tap();
    await expect(page.getByRole("dialog", { name: "NASDAQ Closing Bell" })).toBeVisible();
  });
});
