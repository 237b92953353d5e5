import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listArticleTeasers, findArticle } from "~/.server/content/articles";
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
import { sampleExcerptsPage } from "~/content/sample-chapters";
import { siteConfig } from "~/lib/site";

const productFoundation = `${siteConfig.product.slug}-foundation`;

describe("download library", () => {
  it("has 11 items in the three categories of the spec", () => {
    expect(libraryItems).toHaveLength(11);
    expect(new Set(libraryItems.map((item) => item.category))).toEqual(new Set(downloadCategories));
    expect(downloadCategories).toEqual(["Free Guides", "Audio Practices", "Articles & Insights"]);
  });

  it("uses only the spec's types, and every one of them", () => {
    expect(new Set(libraryItems.map((item) => item.type))).toEqual(new Set(downloadTypes));
  });

  it("shows the four download counts of the spec", () => {
    const counts = libraryItems.map((item) => item.downloads).filter((text) => /^\d/.test(text));
    expect(counts).toEqual([
      "4,283 downloads",
      "2,847 downloads",
      "1,923 downloads",
      "3,156 downloads",
    ]);
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
    expect(resourcesPage.downloads.allResourcesCta).toEqual({
      label: "Access All Resources",
      href: "/all-resources",
    });
    expect(resourcesPage.articles.viewAllCta.href).toBe(
      `/all-resources#${allResourcesPage.articlesSectionId}`,
    );
  });

  it("gives the three audio practices their 12, 18 and 15 minutes", () => {
    const audio = Object.fromEntries(
      libraryItems
        .filter((item) => item.type === "Audio")
        .map((item) => [item.downloadKey, item.duration]),
    );
    expect(audio).toMatchObject({
      "presence-anchor-meditation": "12 min",
      "witness-consciousness-practice": "18 min",
      "energy-reading-technique": "15 min",
    });
  });
});

describe("articles", () => {
  const teasers = listArticleTeasers();

  it("are the five of the spec, with its categories, read times and labels", () => {
    expect(
      teasers.map((teaser) => [
        teaser.slug,
        teaser.category,
        teaser.readTimeMinutes,
        teaser.publishedLabel,
      ]),
    ).toEqual([
      ["why-sales-training-fails", "Foundation", 8, "Published 3 days ago"],
      ["spiritual-sales-professional", "Psychology", 6, "1 week ago"],
      ["staying-present-under-pressure", "Practice", 6, "2 weeks ago"],
      [productFoundation, "Foundation", 7, "Published today"],
      ["sales-leadership-career-growth", "Leadership", 9, "Published today"],
    ]);
  });

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
  it("are Chapters 2, 4 and 9, each with every part of an excerpt", () => {
    const chapters = listSampleChapters();
    expect(chapters.map((chapter) => chapter.chapterLabel)).toEqual([
      "Chapter 2",
      "Chapter 4",
      "Chapter 9",
    ]);
    for (const chapter of chapters) {
      expect(chapter.insightHtml).toContain("<p>");
      expect(chapter.scenario.ego).not.toBe(chapter.scenario.witness);
      expect(chapter.practiceSteps.length).toBeGreaterThanOrEqual(3);
      expect(chapter.keyInsight.length).toBeGreaterThan(20);
    }
  });

  it("state a 10-minute read of a 15-chapter book", () => {
    expect(sampleExcerptsPage.readTimeMinutes).toBe(10);
    expect(sampleExcerptsPage.fullBookChapters).toBe(15);
    expect(sampleExcerptsPage.closing.primaryCta.href).toBe("/buy-now");
    expect(sampleExcerptsPage.closing.secondaryCta.href).toBe("/book");
  });
});
