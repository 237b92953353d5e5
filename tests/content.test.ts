import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listArticleTeasers, findArticle } from "~/.server/publishing/articles/article-seed";
import { parseMarkdownFile } from "~/.server/content/markdown-file";
import { listSampleChapters } from "~/.server/content/sample-chapters";
import { articleFrontMatterSchema } from "~/content/articles";
import { articlePaths, articleSlugs } from "~/content/article-paths";
import {
  downloadCategories,
  downloadTypes,
  featuredDownloads,
  libraryDownloadKeys,
  libraryItems,
} from "~/content/free-library";
import { allResourcesPage, resourcesPage } from "~/content/resources";
import { siteConfig } from "~/lib/site";

const productFoundation = `${siteConfig.product.slug}-foundation`;

describe("download library", () => {
  it("fills every category it names, and names every category an item is in", () => {
    expect(new Set(libraryItems.map((item) => item.category))).toEqual(new Set(downloadCategories));
  });

  it("uses only the spec's types, and every one of them", () => {
    expect(new Set(libraryItems.map((item) => item.type))).toEqual(new Set(downloadTypes));
  });

  it("has Sample Chapter Excerpts as a link to /sample-excerpts and ten keyed items", () => {
    const linked = libraryItems.filter((item) => item.link);
    expect(linked.map((item) => [item.title, item.link?.href])).toEqual([
      ["Sample Chapter Excerpts", "/sample-excerpts"],
    ]);
    const keyed = libraryItems.filter((item) => item.downloadKey);
    expect(keyed).toHaveLength(10);
    expect(new Set(keyed.map((item) => item.downloadKey)).size).toBe(10);
    expect(libraryItems.some((item) => item.popular)).toBe(true);
  });

  it("shows all eleven library keys across /all-resources and /resources", () => {
    const shown = new Set(
      [...libraryItems, ...featuredDownloads].map((item) => item.downloadKey).filter(Boolean),
    );
    expect(shown).toEqual(new Set(libraryDownloadKeys));
    expect(libraryDownloadKeys).toHaveLength(11);
  });

  it("features four free downloads on /resources and links to the whole library", () => {
    expect(featuredDownloads).toHaveLength(4);
    expect(featuredDownloads.every((item) => item.downloadKey)).toBe(true);
    expect(resourcesPage.downloads.allResourcesCta.href).toBe("/all-resources");
    expect(resourcesPage.articles.viewAllCta.href).toBe(
      `/all-resources#${allResourcesPage.articlesSectionId}`,
    );
  });
});

describe("articles", () => {
  const teasers = listArticleTeasers();

  it("have real publication dates, the newest labelled 'today'", () => {
    for (const teaser of teasers) expect(teaser.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = teasers.filter((teaser) => teaser.publishedLabel === "Published today");
    const newest = [...teasers].sort((a, b) => b.date.localeCompare(a.date))[0]!;
    for (const teaser of today) expect(teaser.date).toBe(newest.date);
  });

  it("are prerendered and listed from the article files", () => {
    const files = readdirSync("app/content/articles").map((file) => file.replace(/\.md$/, ""));
    expect([...articleSlugs].sort()).toEqual(files.sort());
    expect(articlePaths).toContain(`/articles/${productFoundation}`);
    expect([...articlePaths].sort()).toEqual(teasers.map((teaser) => teaser.path).sort());
  });

  it("have 600 to 1200 words of body each, rendered to HTML", () => {
    for (const { slug } of teasers) {
      const article = findArticle(slug)!;
      const words = article.html
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, slug).toBeGreaterThanOrEqual(600);
      expect(words, slug).toBeLessThanOrEqual(1200);
      expect(article.html).toContain("<h2");
      expect(article.html).not.toContain("{product");
    }
  });

  it("say 'Share Article' on the foundation article and 'Share' elsewhere", () => {
    for (const { slug } of teasers) {
      expect(findArticle(slug)!.shareLabel).toBe(
        slug === productFoundation ? "Share Article" : "Share",
      );
    }
  });

  it("offer two Continue Reading cards on the foundation and leadership articles", () => {
    for (const { slug } of teasers) {
      const expected = [productFoundation, "sales-leadership-career-growth"].includes(slug) ? 2 : 0;
      expect(findArticle(slug)!.continueReading, slug).toHaveLength(expected);
    }
  });

  it("reject invalid front matter when the content is loaded", () => {
    const raw = "---\ntitle: Broken\ncategory: Gossip\nreadTimeMinutes: 5\n---\nBody";
    expect(() => parseMarkdownFile("broken.md", raw, articleFrontMatterSchema)).toThrow(
      /Invalid front matter in broken\.md: .*category/,
    );
  });
});

describe("sample excerpts", () => {
  it("each have every part of an excerpt", () => {
    const chapters = listSampleChapters();
    expect(chapters.length).toBeGreaterThan(0);
    for (const chapter of chapters) {
      expect(chapter.insightHtml).toContain("<p>");
      expect(chapter.scenario.ego).not.toBe(chapter.scenario.witness);
      expect(chapter.practiceSteps.length).toBeGreaterThanOrEqual(3);
      expect(chapter.keyInsight.length).toBeGreaterThan(20);
    }
  });
});
