import type { Page, Request } from "@playwright/test";
import { startBookingSite, type BookingSite } from "./booking-site";
import { expect, test } from "./test";

/**
 * Issue 33 and decision 130: whatever a visitor does first on a freshly loaded page counts. Each
 * test opens a page and does that one thing at once — no wait for hydration, no focus before a
 * click — then checks what the visitor sees and, for a form, what the server receives. One server
 * per file, selling (through a Stripe fake) and booking (no SCHEDULING_URL).
 */
export function firstInteractionSite() {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let site: BookingSite | undefined;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    site = await startBookingSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });
  return {
    url: (path: string) => `${site!.baseURL}${path}`,
    get site() {
      return site!;
    },
  };
}

/** The next POST to `pathname`. */
export function nextPost(page: Page, pathname: string) {
  return page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === pathname,
  );
}

/** A form post's fields (url-encoded, as the islands and the browser send them). */
export function formFields(request: Request) {
  return new URLSearchParams(request.postData() ?? "");
}

/** The page is fresh: nothing has hydrated it, the deferred modules have not run. */
export async function expectNotHydrated(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
}

/** Fills what a purchase needs besides the formats: the email, then the address it reveals. */
export async function fillBuyer(page: Page) {
  await page.getByLabel("Email Address").fill("first.tap@example.com");
  const address = page.getByTestId("address-fields");
  await address.getByLabel("Street Address").fill("1 Pearl Street");
  await address.getByLabel("City").fill("Boulder");
  await address.getByLabel("State").fill("CO");
  await address.getByLabel("ZIP Code").fill("80302");
}

/** Answers the video's third-party frame locally. */
export async function stubVideoFrame(page: Page) {
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>video</title>" }),
  );
}

/** A mouse click at the middle of what `locator` shows: no focus, no hover before it but the move. */
export async function clickFirst(page: Page, locator: ReturnType<Page["locator"]>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error("nothing to click");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
