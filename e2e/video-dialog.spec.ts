import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("Video dialog", () => {
  test.beforeEach(async ({ page }) => {
    // The embed is a third party: answer it locally so nothing leaves the machine.
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>video</title><p>video</p>",
      }),
    );
    await page.addInitScript(() => {
      const events: unknown[] = [];
      Object.assign(window, {
        gtagEvents: events,
        gtag: (...args: unknown[]) => events.push(args),
      });
    });
  });

  test("loads the frame only when opened, reports the play and resets on close", async ({
    page,
  }) => {
    const frameRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("youtube-nocookie")) frameRequests.push(request.url());
    });
    await gotoHydrated(page, "/");
    expect(frameRequests).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("button", { name: "Watch NASDAQ Closing" }).click();
    const dialog = page.getByRole("dialog", { name: "NASDAQ Closing Bell" });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?/,
    );
    const src = new URL((await frame.getAttribute("src"))!);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      autoplay: "1",
      rel: "0",
      modestbranding: "1",
    });
    await expect(dialog).toHaveAttribute("data-loaded", "true");

    const events = await page.evaluate(
      () => (window as unknown as { gtagEvents: unknown[] }).gtagEvents,
    );
    expect(events).toEqual([
      [
        "event",
        "video_play",
        {
          event_category: "engagement",
          event_label: "NASDAQ Closing Bell",
          video_id: expect.any(String),
          value: 1,
        },
      ],
    ]);

    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBeLessThanOrEqual(Math.min(viewport.width * 0.95, 896) + 1);
    expect(Math.round(box.height)).toBe(Math.round(viewport.height * 0.8));
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("button", { name: "Watch NASDAQ Closing" }).click();
    await expect(page.getByRole("dialog")).toHaveAttribute("data-loaded", "true");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
