import type { Page } from "@playwright/test";
import { quickTap } from "./quick-tap";
import { salesOpenSite } from "./sales-open-site";
import { expect, gotoHydrated, test } from "./test";

const pressBeacon = "/functions/v1/checkout-press";
const checkoutCall = "/functions/v1/create-checkout-session";

/**
 * The press on Complete Purchase, the form prepared for what it holds (decisions 275, 276, 299):
 * a tap goes at its release and only once, a drag starting on the button buys nothing, Enter and
 * Space go at their click, and without JavaScript the form posts. For the phone and desktop
 * projects alike (the desktop one with a touch screen).
 */
export function purchasePressTests() {
  test.describe("the press on a prepared purchase", () => {
    test.describe.configure({ mode: "serial", timeout: 90_000 });
    const site = salesOpenSite();

    /**
     * /buy-now with the PDF, an email and the address, its session prepared. `leftAt()` gives, for each
     * time the page began to leave (Chromium's Navigation API), the input event then last dispatched;
     * `posts` the paths posted to from the moment the session was ready.
     */
    async function preparedPage(page: Page, email: string) {
      const navigations: string[] = [];
      await page.exposeFunction("__leftAt", (type: string) => navigations.push(type));
      await page.addInitScript(() => {
        let last = "";
        for (const type of ["pointerdown", "pointerup", "keydown", "keyup", "click"])
          addEventListener(type, () => (last = type), true);
        const report = (window as unknown as { __leftAt: (type: string) => void }).__leftAt;
        (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
          "navigate",
          () => report(last),
        );
      });
      await gotoHydrated(page, `${site.server.baseURL}/buy-now`);
      await page.getByTestId("format-pdf").click();
      await page.getByLabel("Email Address").fill(email);
      const prepared = page.waitForResponse(
        (response) =>
          response.url().endsWith(checkoutCall) &&
          (response.request().postData() ?? "").includes('"prepare":true'),
      );
      const address = page.getByTestId("address-fields");
      await address.getByLabel("Street Address").fill("1 Pearl Street");
      await address.getByLabel("City").fill("Boulder");
      await address.getByLabel("State").fill("CO");
      await address.getByLabel("ZIP Code").fill("80302");
      const answer = await prepared;
      const { url, sessionId } = (await answer.json()) as {
        url: string;
        sessionId: string;
      };
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
      });
      return { url, sessionId, posts, leftAt: () => navigations };
    }

    /**
     * One press, sent by `event`: the page began to leave once, its beacon opened the order, and no
     * session was asked for after it.
     */
    async function expectOnePress(
      prepared: Awaited<ReturnType<typeof preparedPage>>,
      event: "pointerup" | "click",
    ) {
      expect(prepared.leftAt()).toEqual([event]);
      await expect.poll(() => site.orderStatus(prepared.sessionId)).toBe("pending");
      expect(prepared.posts.filter((post) => post === pressBeacon).length).toBeLessThanOrEqual(1);
      expect(prepared.posts).not.toContain(checkoutCall);
    }

    test("a tap goes to the prepared session at its release, once", async ({ page }) => {
      const prepared = await preparedPage(page, "tap@example.com");
      await quickTap(page, page.getByTestId("purchase-button"));
      await expect(page).toHaveURL(prepared.url);
      await expectOnePress(prepared, "pointerup");
    });

    test("a drag that starts on the button buys nothing", async ({ page }) => {
      const prepared = await preparedPage(page, "drag@example.com");
      const button = page.getByTestId("purchase-button");
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const cdp = await page.context().newCDPSession(page);
      const touch = (
        type: "touchStart" | "touchMove" | "touchEnd",
        points: { x: number; y: number }[],
      ) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
      await touch("touchStart", [{ x, y }]);
      for (let step = 1; step <= 6; step++) await touch("touchMove", [{ x, y: y - step * 10 }]);
      await touch("touchEnd", []);
      // A drag can leave the page flinging, and a tap then only stops the fling, as on a phone:
      // the tap waits until the page has held still.
      await quickTap(page, button);
      await expect(page).toHaveURL(prepared.url);
      await expectOnePress(prepared, "pointerup");
    });

    for (const key of ["Enter", "Space"]) {
      test(`${key} on the button goes at its click`, async ({ page }) => {
        const prepared = await preparedPage(page, `${key.toLowerCase()}@example.com`);
        await page.getByTestId("purchase-button").press(key);
        await expect(page).toHaveURL(prepared.url);
        await expectOnePress(prepared, "click");
      });
    }

    test("a mouse click goes at its click", async ({ page }) => {
      const prepared = await preparedPage(page, "mouse@example.com");
      await page.getByTestId("purchase-button").click();
      await expect(page).toHaveURL(prepared.url);
      await expectOnePress(prepared, "click");
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("a tap posts the form, which goes to Stripe", async ({ page }) => {
        await page.goto(`${site.server.baseURL}/buy-now`);
        await page.getByTestId("format-pdf").tap();
        await page.getByLabel("Email Address").fill("nojs@example.com");
        const posted = page.waitForRequest(
          (request) => request.method() === "POST" && request.url().endsWith("/buy-now"),
        );
        await page.getByTestId("purchase-button").tap();
        expect((await posted).postData()).toContain("formats=pdf");
        await expect(page).toHaveURL(new RegExp(`^${site.fake.url}/c/pay/cs_test_\\w+$`));
        await expect(page.getByTestId("fake-total")).toHaveText("1999");
      });
    });
  });
}
