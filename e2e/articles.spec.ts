import { jsonLdBlocks, expectPageSeo } from "./support/page-seo";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

type ArticleCase = {
  slug: string;
  title: string;
  category: string;
  readTime: string;
  label: string;
  share: string;
  continueReading: string[];
};

const articles: ArticleCase[] = [
  {
    slug: "why-sales-training-fails",
    title: "Why Most Sales Training Fails (and What Actually Changes Results)",
    category: "Foundation",
    readTime: "8 min read",
    label: "Published 3 days ago",
    share: "Share",
    continueReading: [],
  },
  {
    slug: "spiritual-sales-professional",
    title: "The Spiritual Sales Professional: Integrity Without Naivety",
    category: "Psychology",
    readTime: "6 min read",
    label: "1 week ago",
    share: "Share",
    continueReading: [],
  },
  {
    slug: "staying-present-under-pressure",
    title: "Staying Present Under Pressure: A Field Guide for Hard Sales Moments",
    category: "Practice",
    readTime: "6 min read",
    label: "2 weeks ago",
    share: "Share",
    continueReading: [],
  },
  {
    slug: "no-self-selling-foundation",
    title: "The No-Self Selling Foundation: Selling Without a Self to Defend",
    category: "Foundation",
    readTime: "7 min read",
    label: "Published today",
    share: "Share Article",
    continueReading: ["Why Most Sales Training Fails", "Staying Present Under Pressure"],
  },
  {
    slug: "sales-leadership-career-growth",
    title: "From Top Seller to Sales Leader: Growing Your Career Through Presence",
    category: "Leadership",
    readTime: "9 min read",
    label: "Published today",
    share: "Share",
    continueReading: ["The No-Self Selling Foundation", "The Spiritual Sales Professional"],
  },
];

for (const article of articles) {
  test(`${article.slug}: header, share link, ending and SEO`, async ({ page }) => {
    const path = `/articles/${article.slug}`;
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByTestId("article-category")).toHaveText(article.category);
    await expect(page.getByTestId("article-read-time")).toHaveText(article.readTime);
    const published = page.getByTestId("article-published");
    await expect(published).toHaveText(article.label);
    await expect(published).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("link", { name: "Back to Resources" })).toHaveAttribute(
      "href",
      "/resources",
    );
    await expect(page.getByRole("link", { name: "Explore the Book" })).toHaveAttribute(
      "href",
      "/book",
    );

    const share = page.getByTestId("share-article");
    await expect(share).toHaveText(article.share);
    const href = (await share.getAttribute("href"))!;
    expect(href.startsWith("mailto:?")).toBe(true);
    const params = new URL(href).searchParams;
    expect(params.get("subject")).toBe(article.title);
    const summary = (await page.locator('meta[name="description"]').getAttribute("content"))!;
    const body = params.get("body")!;
    expect(body).toContain(article.title);
    expect(body).toContain(summary);
    expect(body).toContain(page.url());

    const words = (await page.getByTestId("article").innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(600);

    const continueReading = page.getByTestId("continue-reading");
    if (article.continueReading.length === 0) {
      await expect(continueReading).toHaveCount(0);
    } else {
      await expect(continueReading.getByRole("heading", { level: 2 })).toHaveText(
        "Continue Reading",
      );
      const cards = continueReading.getByTestId("article-teaser");
      await expect(cards).toHaveCount(2);
      for (const [index, title] of article.continueReading.entries()) {
        await expect(cards.nth(index).getByRole("heading")).toContainText(title);
      }
    }

    await expectPageSeo(page, path, ["Article"]);
    const articleLd = (await jsonLdBlocks(page)).find((block) => block["@type"] === "Article")!;
    expect(articleLd.headline).toBe(article.title);
    expect(articleLd.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectNoAxeViolations(page);
  });
}

test("a Continue Reading card opens that article at the top", async ({ page }) => {
  await gotoHydrated(page, "/articles/no-self-selling-foundation");
  const card = page
    .getByTestId("continue-reading")
    .getByRole("link", { name: /^Read Article: Why Most/ });
  await card.scrollIntoViewIfNeeded();
  await card.click();
  await expect(page).toHaveURL(/\/articles\/why-sales-training-fails$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "Why Most Sales Training Fails",
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("Back to Resources returns to the resources page", async ({ page }) => {
  await gotoHydrated(page, "/articles/spiritual-sales-professional");
  await page.getByRole("link", { name: "Back to Resources" }).click();
  await expect(page).toHaveURL(/\/resources$/);
});

test("an unknown article is the 404 page with HTTP 404", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/404/);
  const response = await page.goto("/articles/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
});

test("the sitemap lists the resource pages and every article", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/resources", "/all-resources", "/sample-excerpts"]) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  for (const { slug } of articles) expect(sitemap).toContain(`/articles/${slug}</loc>`);
  expect(sitemap).not.toContain(":slug");
});
