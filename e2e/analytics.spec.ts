import { queryDatabase } from "./support/console-database";
import { expect, gotoHydrated, test } from "./support/test";

// Headless Chromium names itself HeadlessChrome, which is not counted: these visits come from a
// browser that says it is an ordinary Chrome.
const ordinaryChrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
test.use({ userAgent: ordinaryChrome });

/** A campaign name of this test alone: its rows are told apart from every other test's. */
const campaignOfThisTest = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function pageViewsOfCampaign(campaign: string) {
  return queryDatabase(
    "SELECT path, screen, utm_source FROM analytics_events WHERE name = 'pageview' AND utm_campaign = ?",
    [campaign],
  );
}

test("with JavaScript: a page view reaches the server under the script policy, with its campaign", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|CSP/.test(message.text())) refused.push(message.text());
  });
  const campaign = campaignOfThisTest();
  const beacon = page.waitForRequest((request) => request.url().endsWith("/beacon"));
  await page.goto(`/method?utm_source=e2e&utm_campaign=${campaign}`);
  expect((await beacon).method()).toBe("POST");
  await expect
    .poll(() => pageViewsOfCampaign(campaign))
    .toEqual([{ path: "/method", screen: "desktop", utm_source: "e2e" }]);
  expect(refused).toEqual([]);
  // Nothing is kept in a cookie; the visit's source is in this tab's sessionStorage only.
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("ps_visit")!))).toMatchObject({
    l: "/method",
    c: campaign,
  });
});

test("the video dialog's global analytics function records a video_play event", async ({
  page,
}) => {
  const campaign = campaignOfThisTest();
  await page.goto(`/?utm_campaign=${campaign}`);
  await expect.poll(() => page.evaluate(() => typeof window.gtag)).toBe("function");
  await page.evaluate(
    (title) =>
      window.gtag!("event", "video_play", {
        event_category: "engagement",
        event_label: title,
        video_id: "e2eVideo01",
        value: 1,
      }),
    campaign,
  );
  await expect
    .poll(() =>
      queryDatabase(
        "SELECT path, item FROM analytics_events WHERE name = 'video_play' AND label = ?",
        [campaign],
      ),
    )
    .toEqual([{ path: "/", item: "e2eVideo01" }]);
});

test("a contact message is credited to the campaign's landing page, not to /contact", async ({
  page,
}) => {
  test.slow();
  const campaign = campaignOfThisTest();
  await page.goto(`/landingpage?utm_source=newsletter&utm_campaign=${campaign}`);
  await gotoHydrated(page, "/contact");
  const email = `attributed.${Date.now()}@example.com`;
  await page.getByLabel("First Name *").fill("Ada");
  await page.getByLabel("Last Name *").fill("Lovelace");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Interest").selectOption("Corporate Training");
  await page.getByLabel("Message *").fill("We'd like a workshop for our team of 12.");
  await page.locator("#contact-form").getByRole("button", { name: "Send Message" }).click();
  await expect
    .poll(() =>
      queryDatabase(
        `SELECT a.landing_path, a.utm_source, a.conversion_path FROM analytics_attributions a
         JOIN people p ON p.id = a.person_id WHERE p.email_key = ? AND a.conversion = 'contact_message'`,
        [email.toLowerCase()],
      ),
    )
    .toEqual([
      { landing_path: "/landingpage", utm_source: "newsletter", conversion_path: "/contact" },
    ]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the noscript image counts the visit to the page it is on", async ({ page }) => {
    const count = async () =>
      Number(
        (
          await queryDatabase(
            "SELECT CAST(COUNT(*) AS INTEGER) AS n FROM analytics_events WHERE name = 'pageview' AND path = '/full-story' AND screen IS NULL",
          )
        )[0]!.n,
      );
    const before = await count();
    const pixel = page.waitForResponse((response) => response.url().endsWith("/beacon.gif"));
    await page.goto("/full-story");
    expect((await pixel).status()).toBe(200);
    await expect.poll(count).toBe(before + 1);
  });
});
