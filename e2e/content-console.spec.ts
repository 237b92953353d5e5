import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { phonePhoto } from "../support/phone-photo";
import { signInThroughEmail } from "./support/admin-sign-in";
import { contentServer } from "./support/server-settings";
import { expect, expectNoAxeViolations, hydrate, keepScreenshot, test } from "./support/test";

// One after the other: the second counts on the lists the first left.
test.describe.configure({ mode: "default" });

async function screenshot(page: Page, name: string) {
  await keepScreenshot(page, { path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Moves an article's schedule into the past, as if its time had come (no waiting, no restart). */
function bringScheduleForward(slug: string) {
  const database = new Database(path.join(contentServer.dataDir, "site.db"));
  database.pragma("busy_timeout = 5000");
  const past = new Date(Date.now() - 60_000).toISOString();
  const changed = database
    .prepare(
      "UPDATE articles SET publish_at = ? WHERE publish_at IS NOT NULL AND id IN (SELECT article_id FROM article_revisions WHERE content LIKE ?)",
    )
    .run(past, `%"slug":"${slug}"%`).changes;
  database.close();
  return changed;
}

async function writeArticle(page: Page, { title, slug }: { title: string; slug: string }) {
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Content" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  await page.getByRole("button", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Untitled article" })).toBeVisible();
  await hydrate(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Address", { exact: true }).fill(slug);
  await page.getByLabel("Excerpt").fill(`What ${title} is about, in one sentence.`);
  const body = page.getByRole("textbox", { name: "Article body" });
  await body.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("Breathe before the ask");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Slow down. ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Listen first.");
  await page.getByRole("button", { name: "Bold" }).click();
  // The autosave keeps the draft without a click.
  await expect(page.getByTestId("autosave-status")).toContainText(/Saved as revision \d+/, {
    timeout: 10_000,
  });
}

test("the owner writes an article, publishes it, and a visitor without JavaScript reads it", async ({
  page,
  browser,
}) => {
  test.slow();
  const run = Date.now();
  const slug = `breathe-before-the-ask-${run}`;
  const title = `Breathe Before the Ask ${run}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughEmail(page, "content@console-e2e.test");
  await hydrate(page);
  await writeArticle(page, { title, slug });
  await expectNoAxeViolations(page);
  await screenshot(page, "content-editor-1280");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`Published at /articles/${slug}`);
  await expect(page.getByTestId("article-state")).toHaveText("published");

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const reader = await visitor.newPage();
  const response = await reader.goto(`/articles/${slug}`);
  expect(response!.status()).toBe(200);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(
    reader.getByRole("heading", { level: 2, name: "Breathe before the ask" }),
  ).toBeVisible();
  await expect(reader.locator("strong", { hasText: "Listen first." })).toBeVisible();
  await expect(reader.locator('link[rel="alternate"][href="/feed.xml"]')).toHaveCount(1);
  // No script file but the page-view beacon (decisions 077, 082), and the page is held in memory.
  const scripts = await reader
    .locator("script[src]")
    .evaluateAll((found) => found.map((script) => script.getAttribute("src")));
  expect(scripts.every((src) => /^\/assets\/visit-beacon-[\w-]+\.js$/.test(src ?? ""))).toBe(true);
  expect(await reader.locator("script[type=module]").count()).toBe(0);
  expect(response!.headers()["etag"]).toBeTruthy();
  const again = await visitor.request.get(`/articles/${slug}`, {
    headers: { "If-None-Match": response!.headers()["etag"]! },
  });
  expect(again.status()).toBe(304);
  await reader.goto("/resources");
  await expect(reader.getByRole("heading", { name: title })).toBeVisible();
  const feed = await visitor.request.get("/feed.xml");
  expect(await feed.text()).toContain(`/articles/${slug}`);
  await visitor.close();

  // Changing the address keeps the old one leading to it; unpublishing answers 410.
  await page.getByLabel("Address", { exact: true }).fill(`${slug}-moved`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`Published at /articles/${slug}-moved`);
  const moved = await page.request.get(`/articles/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe(`/articles/${slug}-moved`);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByTestId("article-state")).toHaveText("unpublished");
  const gone = await page.request.get(`/articles/${slug}-moved`);
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain("Browse the resources");
});

test("a scheduled article goes live when its time comes, at 390 px", async ({ page }) => {
  test.slow();
  const run = Date.now();
  const slug = `scheduled-article-${run}`;
  const title = `Scheduled Article ${run}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughEmail(page, "content-390@console-e2e.test");
  await hydrate(page);
  await writeArticle(page, { title, slug });
  await page.getByLabel("Publish at (UTC)").fill("2030-01-01T09:00");
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByRole("status")).toContainText("Scheduled for 2030-01-01 09:00 UTC");
  await expect(page.getByTestId("article-state")).toHaveText("scheduled");
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await screenshot(page, "content-editor-390");
  expect((await page.request.get(`/articles/${slug}`)).status()).toBe(404);

  expect(bringScheduleForward(slug)).toBe(1);
  await expect
    .poll(async () => (await page.request.get(`/articles/${slug}`)).status(), { timeout: 25_000 })
    .toBe(200);
  const list = await (await page.request.get("/all-resources")).text();
  expect(list).toContain(title);
});

/** A photo as a camera keeps it: 1600 px wide, with where it was taken. */
const photo = (background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background } })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 1/1 0/1" } })
    .jpeg()
    .toBuffer();

test("the owner uploads a cover and a body image; a visitor without JavaScript sees both", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // The browser logs the refused upload's status; the page says why.
  allowConsoleErrors(/status of 415 \(Unsupported Media Type\)/);
  const run = Date.now();
  const slug = `pictures-of-presence-${run}`;
  const title = `Pictures of Presence ${run}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughEmail(page, "images@console-e2e.test");
  await hydrate(page);
  await writeArticle(page, { title, slug });

  const cover = page.getByTestId("cover-image");
  await cover.getByLabel("Cover image file (JPEG, PNG or WebP, up to 25 MB)").setInputFiles({
    name: "cover.jpg",
    mimeType: "image/jpeg",
    buffer: await photo({ r: 180, g: 110, b: 70 }),
  });
  await cover.getByRole("button", { name: "Upload cover" }).click();
  await expect(cover.getByRole("alert")).toHaveText(
    "Describe the cover image for readers who cannot see it.",
  );
  await cover.getByLabel("Cover image description (alt text)").fill("A desk by a window at dawn");
  await cover.getByRole("button", { name: "Upload cover" }).click();
  await expect(cover.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}-1440x810\//);

  const editor = page.getByTestId("article-editor");
  await page.getByRole("textbox", { name: "Article body" }).click();
  await page.keyboard.press("End");
  await editor.getByLabel("Image file (JPEG, PNG or WebP, up to 25 MB)").setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: await photo({ r: 60, g: 120, b: 90 }),
  });
  await editor.getByLabel("Image description (alt text)").fill("A notebook open on the desk");
  await editor.getByRole("button", { name: "Upload and insert image" }).click();
  // Named .pdf, but a JPEG: the server reads the bytes and says so.
  await expect(editor.getByRole("alert")).toContainText("ends in .pdf, but it is a JPEG image");
  await editor.getByLabel("Image file (JPEG, PNG or WebP, up to 25 MB)").setInputFiles({
    name: "notebook.jpg",
    mimeType: "image/jpeg",
    buffer: await photo({ r: 60, g: 120, b: 90 }),
  });
  await editor.getByRole("button", { name: "Upload and insert image" }).click();
  await expect(
    page.getByRole("textbox", { name: "Article body" }).getByRole("img", {
      name: "A notebook open on the desk",
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, "content-images-editor-1280");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`Published at /articles/${slug}`);

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const reader = await visitor.newPage();
  for (const width of [390, 1280]) {
    await reader.setViewportSize({ width, height: 900 });
    expect((await reader.goto(`/articles/${slug}`))!.status()).toBe(200);
    for (const name of ["A desk by a window at dawn", "A notebook open on the desk"]) {
      const image = reader.getByRole("img", { name });
      await expect(image).toHaveAttribute("width", "1440");
      await expect(image).toHaveAttribute("height", "810");
      await image.scrollIntoViewIfNeeded();
      // Loaded from a variant no wider than needed, its box at the image's own proportions.
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.currentSrc))
        .toMatch(/\/(480|960|1440)\.avif$/);
      const box = (await image.boundingBox())!;
      expect(Math.abs(box.height - (box.width * 810) / 1440)).toBeLessThan(1.5);
    }
    expect(
      await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // From the top, so the sticky header is drawn where a reader first sees it.
    await reader.evaluate(() => window.scrollTo(0, 0));
    await screenshot(reader, `content-images-article-${width}`);
  }
  await visitor.close();
});

test("the owner uploads an audio practice and publishes it; /resources lists it without JavaScript", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.slow();
  // The refused upload below answers 415, which the browser reports.
  allowConsoleErrors(/status of 415/);
  const title = `Calm Before the Call ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughEmail(page, "resources@console-e2e.test");
  await hydrate(page);
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Content" })
    .click();
  await page.getByRole("button", { name: "New audio practice" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Untitled audio practice" }),
  ).toBeVisible();
  await hydrate(page);
  // A PDF named .mp3 is refused by its content, on the page, keeping nothing.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Two minutes to settle before you dial.");
  await page.getByLabel("File").setInputFiles({
    name: "calm.mp3",
    mimeType: "audio/mpeg",
    buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
  });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This file is a PDF document: a practice is an MP3 file.",
  );
  await page
    .getByLabel("File")
    .setInputFiles(
      path.join(import.meta.dirname, "../public/downloads/ego-interrupt-practice.mp3"),
    );
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Published on /resources");
  await expect(page.getByTestId("article-state")).toHaveText("published");
  await expect(page.getByTestId("resource-status")).toContainText("1 min 45 sec");
  await expectNoAxeViolations(page);
  await screenshot(page, "resource-console-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "resource-console-390");
  await page.goto("/admin/content");
  await expect(page.getByTestId("resource-list")).toContainText(title);
  await expectNoAxeViolations(page);
  await screenshot(page, "content-list-with-resource-390");

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const reader = await visitor.newPage();
  for (const width of [390, 1280]) {
    await reader.setViewportSize({ width, height: 900 });
    await reader.goto("/resources");
    const card = reader.getByTestId("download-item").filter({ hasText: title });
    await expect(card).toContainText("1 min 45 sec");
    await expect(card).toContainText("Audio");
    const download = card.getByRole("link", { name: `Download ${title}` });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/media\/files\/[0-9a-f]{32}\.mp3$/);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(reader, {
      path: test.info().outputPath(`resources-with-practice-${width}.png`),
    });
    const file = await visitor.request.get(href!);
    expect(file.headers()["content-type"]).toBe("audio/mpeg");
  }
  await reader.goto("/all-resources#audio-practices");
  await expect(
    reader.locator("#audio-practices").getByTestId("library-item").filter({ hasText: title }),
  ).toBeVisible();

  // Edited while live: the autosave keeps a revision, the public card stays as published.
  const revised = `${title} (revised)`;
  await page.goto("/admin/content");
  await page.getByTestId("resource-list").getByRole("link", { name: title }).click();
  await hydrate(page);
  await page.getByLabel("Title").fill(revised);
  await expect(page.getByTestId("autosave-status")).toContainText(/Saved as revision \d+/, {
    timeout: 10_000,
  });
  await reader.goto("/resources");
  await expect(reader.getByTestId("download-item").filter({ hasText: title })).not.toContainText(
    "(revised)",
  );
  await visitor.close();

  // The preview draws the draft with the public card.
  await page.getByRole("link", { name: "Preview the draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Preview: ${revised}` })).toBeVisible();
  const previewCard = page.getByTestId("resource-preview");
  await expect(previewCard).toContainText("1 min 45 sec");
  await expect(previewCard.getByRole("link", { name: `Download ${revised}` })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `resource-preview-${width}`);
  }

  // What changed since the live revision, then the live revision restored as the new draft.
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await hydrate(page);
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page.getByTestId("revision-diff")).toContainText(`+ Title: ${revised}`);
  await expect(page.getByTestId("revision-diff")).toContainText(`- Title: ${title}`);
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("heading", { name: "Revisions" }).scrollIntoViewIfNeeded();
    await screenshot(page, `resource-revisions-${width}`);
  }
  const live = page
    .getByTestId("revision-list")
    .getByRole("listitem")
    .filter({ hasText: "(live)" });
  await live.getByRole("button", { name: /Restore revision/ }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByTestId("revision-list").getByRole("listitem").first()).toContainText(
    "(draft)",
  );
});

test("a phone's 20 MB photo shows its upload's progress, then Processing, then the result", async ({
  page,
}) => {
  test.slow();
  const run = Date.now();
  await signInThroughEmail(page, "phone-photo@console-e2e.test");
  await hydrate(page);
  await writeArticle(page, { title: `A Phone Photo ${run}`, slug: `a-phone-photo-${run}` });
  const cover = page.getByTestId("cover-image");
  const file = cover.getByLabel("Cover image file (JPEG, PNG or WebP, up to 25 MB)");
  await cover.getByLabel("Cover image description (alt text)").fill("A street at dusk");

  // Past the limit: refused before a byte is sent, with what to do instead.
  await file.setInputFiles({
    name: "full-size.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(31 * 1024 * 1024),
  });
  await cover.getByRole("button", { name: "Upload cover" }).click();
  await expect(cover.getByRole("alert")).toHaveText(
    'This image is 31 MB; the limit is 25 MB. Export it smaller (for example "Medium" in your phone\'s share sheet) and try again.',
  );

  // Every text the progress region shows, kept as it changes (it changes faster than polling).
  const progress = cover.getByTestId("cover-progress");
  await progress.evaluate((region) => {
    const seen: string[] = [];
    (window as unknown as { seenProgress: string[] }).seenProgress = seen;
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(region, { subtree: true, childList: true, characterData: true });
  });
  await file.setInputFiles({
    name: "street.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(),
  });
  await cover.getByRole("button", { name: "Upload cover" }).click();
  await expect(progress).toHaveText("Processing… making the sizes the site serves.");
  await expect(progress.locator("progress")).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(cover, {
      path: test.info().outputPath(`content-image-processing-${width}.png`),
    });
  }
  await expect(progress).toHaveText("Uploaded: 1440 × 1080 pixels.", { timeout: 60_000 });
  await expect(cover.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}-1440x1080\//);
  const seen = await page.evaluate(
    () => (window as unknown as { seenProgress: string[] }).seenProgress,
  );
  expect(seen[0]).toMatch(/^Uploading… \d+%$/);
  expect(seen.slice(-2)).toEqual([
    "Processing… making the sizes the site serves.",
    "Uploaded: 1440 × 1080 pixels.",
  ]);
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(cover, {
      path: test.info().outputPath(`content-image-uploaded-${width}.png`),
    });
  }
});
