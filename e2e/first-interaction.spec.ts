import {
  clickFirst,
  expectNotHydrated,
  fillBuyer,
  formFields,
  nextPost,
  stubVideoFrame,
  firstInteractionSite,
} from "./support/first-interaction";
import { expect, test } from "./support/test";

// Issue 33 (decision 130), with a mouse and a keyboard: the first interaction on a fresh page
// counts. The phone's taps are first-interaction.phone.spec.ts.
const site = firstInteractionSite();

test.describe("the first interaction counts, desktop", () => {
  test("/buy-now: the first click on a card puts its price in the total", async ({ page }) => {
    await page.goto(site.url("/buy-now"));
    await expectNotHydrated(page);
    await clickFirst(page, page.getByTestId("format-pdf"));
    await expect(page.getByTestId("summary-total")).toHaveText("$19.99");
    await expect(page.getByRole("checkbox", { name: "PDF Download" })).toBeChecked();
    // The second card adds to it, and the first can still be taken off.
    await page.getByTestId("format-breakthrough-session").click();
    await expect(page.getByTestId("summary-total")).toHaveText("$314.99");
    await page.getByTestId("format-pdf").click();
    await expect(page.getByTestId("summary-total")).toHaveText("$295.00");
  });

  test("/buy-now: the first click's format reaches checkout and Stripe", async ({ page }) => {
    await page.goto(site.url("/buy-now"));
    await clickFirst(page, page.getByTestId("format-pdf"));
    // The first post carries the form: the session prepared once it is complete (decision
    // 275), or the press's own when the press comes first.
    const checkout = nextPost(page, "/functions/v1/create-checkout-session");
    await fillBuyer(page);
    await page.getByTestId("purchase-button").click();
    const body = (await checkout).postDataJSON() as { format: string; formats: string[] };
    expect(body.formats).toEqual(["pdf"]);
    expect(body.format).toBe("pdf");
    await expect(page).toHaveURL(new RegExp(`^${site.site.fake.url}/c/pay/cs_test_\\w+$`));
    await expect(page.getByTestId("fake-total")).toHaveText("1999");
  });

  test("/buy-now: keys typed first into the email are kept and reveal the address", async ({
    page,
  }) => {
    // The purchase has no quantity: its other state is the email, which shows the address.
    await page.goto(site.url("/buy-now"));
    const email = page.getByLabel("Email Address");
    // Focusing a field is how keys reach it; the keys race the island's start.
    await email.focus();
    await page.keyboard.type("first.keys@example.com");
    await expect(page.getByTestId("address-fields")).toBeVisible();
    await expect(email).toHaveValue("first.keys@example.com");
  });

  test("/contact: the first key typed into a field reaches the server", async ({ page }) => {
    await page.goto(site.url("/contact"));
    await expectNotHydrated(page);
    await page.getByLabel("First Name").focus();
    await page.keyboard.type("Ada");
    await page.getByLabel("Last Name").fill("Lovelace");
    await page.getByLabel("Email").fill("ada.first@example.com");
    await page.getByLabel("Message").fill("A keynote for our team in the spring, please.");
    const post = nextPost(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const fields = formFields(await post);
    expect(fields.get("firstName")).toBe("Ada");
    await expect(page.getByText("Message sent successfully!").first()).toBeVisible();
  });

  test("/signup: a first paste into the email is kept in what is sent", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(site.url("/signup"));
    await page.evaluate(() => navigator.clipboard.writeText("pasted.first@example.com"));
    const email = page.getByLabel("Email");
    await email.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(email).toHaveValue("pasted.first@example.com");
    await page.getByLabel("First name").fill("Grace");
    const post = nextPost(page, "/signup");
    await page.getByRole("button", { name: "Subscribe" }).click();
    expect(formFields(await post).get("email")).toBe("pasted.first@example.com");
    await expect(page.getByRole("heading", { name: "Welcome to the Journey" })).toBeVisible();
  });

  test("a subscribe box: a first paste is what the box sends", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(site.url("/resources"));
    await page.evaluate(() => navigator.clipboard.writeText("box.paste@example.com"));
    const box = page.locator("form", { has: page.getByRole("button", { name: "Subscribe" }) });
    await box.getByLabel("Email address").focus();
    await page.keyboard.press("ControlOrMeta+V");
    const post = nextPost(page, "/signup");
    await box.getByRole("button", { name: "Subscribe" }).click();
    expect(formFields(await post).get("email")).toBe("box.paste@example.com");
  });

  test("/booking: the first click on a time picks it and the details go with it", async ({
    page,
  }) => {
    await page.goto(site.url("/booking?tz=America%2FDenver"));
    const time = page.locator("details[open] label:has(input[name=start])").first();
    await clickFirst(page, time);
    const radio = time.locator("input");
    await expect(radio).toBeChecked();
    const start = await radio.getAttribute("value");
    await expect(page.getByLabel("Your name")).toBeVisible();
    await page.getByLabel("Your name").fill("First Click");
    await page.getByLabel("Email").fill("first.click@example.com");
    const post = nextPost(page, "/booking");
    await page.getByRole("button", { name: "Hold this time" }).click();
    expect(formFields(await post).get("start")).toBe(start);
    await expect(page.getByTestId("booking-held")).toBeVisible();
  });

  test("the video card: the first click opens the video", async ({ page }) => {
    await stubVideoFrame(page);
    await page.goto(site.url("/"));
    await clickFirst(page, page.getByRole("button", { name: "Watch NASDAQ Closing" }));
    await expect(page.getByRole("dialog", { name: "NASDAQ Closing Bell" })).toBeVisible();
  });
});
