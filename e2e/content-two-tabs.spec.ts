import type { Page } from "@playwright/test";
import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, hydrate, keepScreenshot, test } from "./support/test";

async function newArticle(page: Page, title: string) {
  await page.goto("/admin/content");
  await page.getByRole("button", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Untitled article" })).toBeVisible();
  await hydrate(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Address", { exact: true }).fill(`two-tabs-${Date.now()}`);
  await page.getByLabel("Excerpt").fill("Written in two tabs at once.");
  await page.getByRole("textbox", { name: "Article body" }).click();
  await page.keyboard.type("A body to publish.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").first()).toContainText(/Saved as revision \d+/);
  return page.url();
}

test("two tabs: a save, autosave or publish from the older one is refused with a choice", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // The refusals answer 409 Conflict, which Chromium logs as a failed load.
  allowConsoleErrors(/status of 409 \(Conflict\)/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughEmail(page, "two-tabs@console-e2e.test");
  const address = await newArticle(page, "The first title");

  // Tab B opens the same article (the same session) and saves a new title.
  const tabB = await browser.newContext({ storageState: await page.context().storageState() });
  const pageB = await tabB.newPage();
  await pageB.goto(address);
  await hydrate(pageB);
  await pageB.getByLabel("Title", { exact: true }).fill("Tab B's title");
  await pageB.getByRole("button", { name: "Save draft" }).click();
  await expect(pageB.getByRole("status").first()).toContainText(/Saved as revision \d+/);

  // Tab A, loaded before B's save, changes the title: its autosave is refused.
  await page.getByLabel("Title", { exact: true }).fill("Tab A's title");
  const choice = page.getByTestId("stale-choice");
  await expect(choice).toContainText("Not saved: revision", { timeout: 10_000 });
  await expect(page.getByTestId("autosave-status")).toContainText("Not saved");
  // Its Publish too: nothing goes live.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(choice).toContainText("Not published: revision");
  await expect(page.getByTestId("article-state")).toHaveText("draft");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Tab A's title");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath("stale-choice-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await choice.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: test.info().outputPath("stale-choice-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A keeps its version as a new revision; B's stays in the history; then A publishes.
  await choice.getByRole("button", { name: "Keep mine as a new revision" }).click();
  await expect(page.getByRole("status").first()).toContainText(/Kept yours as revision \d+/);
  await expect(choice).toHaveCount(0);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status").first()).toContainText("Published at /articles/");
  await expect(page.getByTestId("article-state")).toHaveText("published");

  // Tab B, now the older one, saves again: refused; it chooses to see the newer version.
  await pageB.getByLabel("Excerpt").fill("B's later excerpt.");
  await pageB.getByRole("button", { name: "Save draft" }).click();
  const choiceB = pageB.getByTestId("stale-choice");
  await expect(choiceB).toContainText("Not saved: revision");
  await choiceB.getByRole("link", { name: /See the newer version/ }).click();
  await expect(pageB.getByLabel("Title", { exact: true })).toHaveValue("Tab A's title");
  await expect(pageB.getByLabel("Excerpt")).toHaveValue("Written in two tabs at once.");
  await tabB.close();
});
