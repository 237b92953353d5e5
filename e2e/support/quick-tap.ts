import type { Locator, Page } from "@playwright/test";

/** Resolves once the page has held still for ten frames: a drag's fling, a scroll, are over. */
async function pageHeldStill(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = scrollY;
        let stillFrames = 0;
        const check = () => {
          stillFrames = scrollY === last ? stillFrames + 1 : 0;
          last = scrollY;
          if (stillFrames >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * A finger's quick tap on the middle of `target`, on a page at rest: the touch is stamped as
 * lifted 50 ms after it landed, so a loaded machine that delivers the two late does not turn the
 * tap into a long press. (Playwright's `tap()` stamps each as it is sent, and scrolls just before.)
 */
export async function quickTap(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await pageHeldStill(page);
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  const landed = Date.now() / 1000;
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [point],
    timestamp: landed,
  });
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchEnd",
    touchPoints: [],
    timestamp: landed + 0.05,
  });
  await cdp.detach();
}
