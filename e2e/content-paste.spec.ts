import { readFileSync } from "node:fs";
import path from "node:path";
import { signInThroughEmail } from "./support/admin-sign-in";
import { expect, expectNoAxeViolations, hydrate, keepScreenshot, test } from "./support/test";

const clipboard = readFileSync(
  path.join(import.meta.dirname, "../tests/fixtures/paste/google-docs-comments.html"),
  "utf8",
);

test("a Google Docs paste loses the reviewers' comments and keeps its Heading 1 as a heading", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughEmail(page, "paste@console-e2e.test");
  await page.goto("/admin/content");
  await page.getByRole("button", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Untitled article" })).toBeVisible();
  await hydrate(page);
  const body = page.getByRole("textbox", { name: "Article body" });
  await body.click();
  // The clipboard as Docs fills it, pasted the way the browser hands a paste to the editor.
  await body.evaluate((target, html) => {
    const data = new DataTransfer();
    data.setData("text/html", html);
    data.setData("text/plain", "Breathe Before the Ask");
    target.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, clipboard);
  await expect(body.locator("h2", { hasText: "Breathe Before the Ask" })).toBeVisible();
  await expect(body.locator("h2", { hasText: "Slow down" })).toBeVisible();
  await expect(body).not.toContainText("[a]");
  await expect(body).not.toContainText("Reviewer");
  await expect(body).not.toContainText("punchier");
  await expect(page.getByTestId("paste-note")).toHaveText(
    "From the paste: 2 reviewers' comments and their [a] marks left out; Heading 1 became Heading 2, the editor's top level.",
  );
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath("paste-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await body.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: test.info().outputPath("paste-390.png") });
  // On a phone, Save draft and Publish are on screen wherever the owner is in the form.
  for (const at of ["top", "middle"] as const) {
    await page.evaluate((where) => {
      if (where === "top") window.scrollTo(0, 0);
      else document.getElementById("excerpt")!.scrollIntoView();
    }, at);
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Save draft" })).toBeInViewport();
  }
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: test.info().outputPath("publish-bar-390.png") });

  // What the draft keeps, as the preview draws it.
  await page.getByLabel("Title", { exact: true }).fill("Breathe Before the Ask");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").first()).toContainText(/Saved as revision \d+/);
  await page.getByRole("link", { name: "Preview the draft" }).click();
  await expect(page.locator("h2", { hasText: "Breathe Before the Ask" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("[a]");
  await expect(page.locator("main")).not.toContainText("Reviewer");
});
