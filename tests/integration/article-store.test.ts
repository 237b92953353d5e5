import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findArticle, listArticleTeasers } from "~/.server/publishing/articles/article-seed";
import {
  articleBySlug,
  articleFeed,
  consoleArticle,
  createArticle,
  importMarkdownArticles,
  listConsoleArticles,
  pagesTouchedByLastChange,
  publishArticle,
  publishDueArticles,
  publishedArticlePaths,
  publishedArticleTeasers,
  readContentVersion,
  restoreArticleRevision,
  revisionDiff,
  saveArticleDraft,
  unpublishArticle,
} from "~/.server/publishing";
import type { ArticleDocument } from "~/lib/article-document";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");
const tagsOf = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) =>
    textOf(m[1]!),
  );
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

const body = (text: string): ArticleDocument => ({
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "A heading" }] },
    { type: "paragraph", content: [{ type: "text", text }] },
  ],
});

const fields = (over: Partial<Record<string, string>> = {}) => ({
  slug: "fresh-article",
  title: "A fresh article",
  excerpt: "What the fresh article is about.",
  category: "Practice" as const,
  coverImage: "",
  coverAlt: "",
  seoTitle: "",
  seoDescription: "",
  keywords: "presence, practice",
  ...over,
});

describe.each(allDialects)("the article store on %s", (dialect) => {
  let database: TestDatabase;
  const clock = new ManualClock("2026-11-27T12:00:00.000Z");
  const deps = () => ({ db: database.db, clock });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("imports them once when two instances start at the same time", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const both = await Promise.all([
        importMarkdownArticles({ db: fresh.db, clock }),
        importMarkdownArticles({ db: fresh.db, clock }),
      ]);
      expect(both.sort()).toEqual([0, 5]);
      expect(await publishedArticleTeasers(fresh.db)).toEqual(listArticleTeasers());
    } finally {
      await fresh.dispose();
    }
  });

  it("imports the five Markdown articles once, text, headings and links unchanged", async () => {
    expect(await importMarkdownArticles(deps())).toBe(5);
    expect(await importMarkdownArticles(deps())).toBe(0);
    const teasers = await publishedArticleTeasers(database.db);
    expect(teasers).toEqual(listArticleTeasers());
    for (const teaser of teasers) {
      const found = await articleBySlug(database.db, teaser.slug);
      expect(found.outcome).toBe("found");
      if (found.outcome !== "found") continue;
      const before = findArticle(teaser.slug)!;
      expect(textOf(found.article.html)).toBe(textOf(before.html));
      for (const tag of ["h2", "h3", "em", "strong", "li", "blockquote", "p"])
        expect(tagsOf(found.article.html, tag), `${teaser.slug} ${tag}`).toEqual(
          tagsOf(before.html, tag),
        );
      expect(hrefsOf(found.article.html)).toEqual(hrefsOf(before.html));
      expect(found.article.shareLabel).toBe(before.shareLabel);
      expect(found.article.continueReading).toEqual(before.continueReading);
      expect(found.article.keywords).toEqual(before.keywords);
    }
  });

  it("keeps every save as a revision and the live page until it is published again", async () => {
    const [first] = await publishedArticleTeasers(database.db);
    const { id } = (await listConsoleArticles(database.db)).find(
      (row) => row.slug === first!.slug,
    )!;
    const version = await readContentVersion(database.db);
    const saved = await saveArticleDraft(deps(), {
      id,
      actor: "owner@presence.example",
      fields: fields({ slug: first!.slug, title: "A changed title", category: first!.category }),
      body: body("A changed body."),
    });
    expect(saved).toMatchObject({ outcome: "saved", revision: 2 });
    const live = await articleBySlug(database.db, first!.slug);
    expect(live.outcome === "found" && live.article.title).toBe(first!.title);
    expect(await readContentVersion(database.db)).toBe(version);
    const diff = await revisionDiff(database.db, { id, from: 1, to: 2 });
    expect(
      diff!.some((line) => line.kind === "added" && line.text === "Title: A changed title"),
    ).toBe(true);
    expect(diff!.some((line) => line.kind === "removed" && line.text.startsWith("Title: "))).toBe(
      true,
    );

    expect(await publishArticle(deps(), { id, actor: "owner@presence.example" })).toEqual({
      outcome: "published",
      slug: first!.slug,
    });
    const after = await articleBySlug(database.db, first!.slug);
    expect(after.outcome === "found" && after.article.title).toBe("A changed title");
    expect(await readContentVersion(database.db)).toBe(version + 1);

    expect(
      await restoreArticleRevision(deps(), { id, revision: 1, actor: "owner@presence.example" }),
    ).toEqual({
      outcome: "restored",
      revision: 3,
    });
    expect((await consoleArticle(database.db, id))!.draft.title).toBe(first!.title);
    await publishArticle(deps(), { id, actor: "owner@presence.example" });
  });

  it("refuses a save, autosave or publish from a form loaded before a newer revision", async () => {
    const { id } = await createArticle(deps(), { actor: "owner@presence.example" });
    const loaded = (await consoleArticle(database.db, id))!.draftRevision;
    const tabB = await saveArticleDraft(deps(), {
      id,
      actor: "editor@presence.example",
      fields: fields({ slug: "two-tabs", title: "Tab B's title" }),
      body: body("Tab B's body."),
      baseRevision: loaded,
    });
    expect(tabB).toMatchObject({ outcome: "saved", revision: loaded + 1 });
    // Tab A, loaded before B's save, saves its own title: refused, B's work stands.
    const tabA = await saveArticleDraft(deps(), {
      id,
      actor: "owner@presence.example",
      fields: fields({ slug: "two-tabs", title: "Tab A's title" }),
      body: body("Tab A's body."),
      baseRevision: loaded,
    });
    expect(tabA).toMatchObject({
      outcome: "stale",
      base: loaded,
      newer: { revision: loaded + 1, author: "editor@presence.example" },
    });
    expect((await consoleArticle(database.db, id))!.draft.title).toBe("Tab B's title");
    // A publish that read revision `loaded` publishes nothing either.
    expect(
      await publishArticle(deps(), { id, actor: "owner@presence.example", revision: loaded }),
    ).toMatchObject({ outcome: "stale", newer: { revision: loaded + 1 } });
    expect((await consoleArticle(database.db, id))!.state).toBe("draft");
    // Keeping A's version: saved over the newer revision it was shown, which stays in history.
    const kept = await saveArticleDraft(deps(), {
      id,
      actor: "owner@presence.example",
      fields: fields({ slug: "two-tabs", title: "Tab A's title" }),
      body: body("Tab A's body."),
      baseRevision: loaded + 1,
    });
    expect(kept).toMatchObject({ outcome: "saved", revision: loaded + 2 });
    const after = (await consoleArticle(database.db, id))!;
    expect(after.draft.title).toBe("Tab A's title");
    expect(after.revisions.map((revision) => revision.title).slice(0, 2)).toEqual([
      "Tab A's title",
      "Tab B's title",
    ]);
  });

  it("lets one of two saves from the same revision at once through, never both", async () => {
    const { id } = await createArticle(deps(), { actor: "owner@presence.example" });
    const loaded = (await consoleArticle(database.db, id))!.draftRevision;
    const save = (title: string) =>
      saveArticleDraft(deps(), {
        id,
        actor: "owner@presence.example",
        fields: fields({ slug: "race-of-tabs", title }),
        body: body(`${title} body.`),
        baseRevision: loaded,
      });
    const outcomes = await Promise.all([save("First tab"), save("Second tab")]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["saved", "stale"]);
  });

  it("refuses to publish without a title or a body, and a body over the cap", async () => {
    const { id } = await createArticle(deps(), { actor: "owner@presence.example" });
    expect(await publishArticle(deps(), { id, actor: "o" })).toMatchObject({
      outcome: "incomplete",
    });
    await saveArticleDraft(deps(), {
      id,
      actor: "o",
      fields: fields({ title: "" }),
      body: body("Text."),
    });
    expect(await publishArticle(deps(), { id, actor: "o" })).toEqual({
      outcome: "incomplete",
      message: "An article needs a title before it is published.",
    });
    await saveArticleDraft(deps(), {
      id,
      actor: "o",
      fields: fields(),
      body: { type: "doc", content: [] },
    });
    expect(await publishArticle(deps(), { id, actor: "o" })).toEqual({
      outcome: "incomplete",
      message: "An article needs a body before it is published.",
    });
    const huge = body("word ".repeat(200_000));
    expect(
      await saveArticleDraft(deps(), { id, actor: "o", fields: fields(), body: huge }),
    ).toMatchObject({
      outcome: "too-large",
    });
    expect((await consoleArticle(database.db, id))!.draft.body.content).toEqual([
      { type: "paragraph" },
    ]);
  });

  it("refuses a slug of a route or another article, with a sentence", async () => {
    const { id } = await createArticle(deps(), { actor: "o" });
    for (const [slug, message] of [
      ["resources", /name of a page of the site/],
      ["why-sales-training-fails", /Another article already has the address/],
      ["Not A Slug", /lowercase letters/],
    ] as const) {
      const outcome = await saveArticleDraft(deps(), {
        id,
        actor: "o",
        fields: fields({ slug }),
        body: body("x"),
      });
      expect(outcome.outcome).toBe("invalid");
      expect(outcome.outcome === "invalid" && outcome.errors.slug).toMatch(message);
    }
  });

  it("publishes a scheduled article when its time comes, also late, once", async () => {
    const { id } = await createArticle(deps(), { actor: "o" });
    await saveArticleDraft(deps(), {
      id,
      actor: "o",
      fields: fields({ slug: "later-article", title: "Later" }),
      body: body("Soon."),
    });
    const at = new Date(clock.now().getTime() + 60_000);
    expect(await publishArticle(deps(), { id, actor: "o", at })).toEqual({
      outcome: "scheduled",
      publishAt: at.toISOString(),
    });
    expect((await articleBySlug(database.db, "later-article")).outcome).toBe("missing");
    expect(await publishDueArticles(deps())).toBe(0);
    clock.advance(10 * 60_000); // the site was down past the time
    const version = await readContentVersion(database.db);
    expect(await publishDueArticles(deps())).toBe(1);
    expect(await publishDueArticles(deps())).toBe(0);
    expect((await articleBySlug(database.db, "later-article")).outcome).toBe("found");
    expect(await readContentVersion(database.db)).toBe(version + 1);
    expect((await publishedArticleTeasers(database.db))[0]!.slug).toBe("later-article");
    expect(await publishedArticlePaths(database.db)).toContain("/articles/later-article");
    expect((await pagesTouchedByLastChange(database.db)).sort()).toEqual([
      "/all-resources",
      "/articles/later-article",
      "/atom.xml",
      "/feed.xml",
      "/resources",
    ]);
    const rss = await articleFeed(database.db, "https://presence.example", "rss");
    expect(rss).toContain("<title>Later</title>");
    expect(rss).toContain("https://presence.example/articles/later-article");
    const atom = await articleFeed(database.db, "https://presence.example", "atom");
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
  });

  it("names the pages a change touched: the article and the articles whose cards show it", async () => {
    const articles = await listConsoleArticles(database.db);
    const shown = articles.find(
      (row) => row.state === "published" && row.slug !== "later-article",
    )!;
    const showing: string[] = [];
    for (const row of articles.filter((candidate) => candidate.state === "published")) {
      const lookup = await articleBySlug(database.db, row.slug);
      if (
        lookup.outcome === "found" &&
        lookup.article.continueReading.some((card) => card.slug === shown.slug)
      )
        showing.push(`/articles/${row.slug}`);
    }
    expect(showing.length).toBeGreaterThan(0);

    clock.advance(1_000);
    await unpublishArticle(deps(), { id: shown.id, actor: "o" });
    const touched = await pagesTouchedByLastChange(database.db);
    // Its own page now answers 410 and is not rendered; the pages that list it are.
    expect(touched).not.toContain(`/articles/${shown.slug}`);
    expect(touched).toEqual(expect.arrayContaining([...showing, "/resources", "/feed.xml"]));
    clock.advance(1_000);
    await publishArticle(deps(), { id: shown.id, actor: "o" });
    expect(await pagesTouchedByLastChange(database.db)).toContain(`/articles/${shown.slug}`);
  });

  it("answers 301 from every old slug and 410 once unpublished or deleted", async () => {
    const { id } = (await listConsoleArticles(database.db)).find(
      (row) => row.slug === "later-article",
    )!;
    for (const next of ["later-article-2", "later-article-3"]) {
      await saveArticleDraft(deps(), {
        id,
        actor: "o",
        fields: fields({ slug: next, title: "Later" }),
        body: body("Soon."),
      });
      // The live page keeps its address until the change is published.
      expect((await articleBySlug(database.db, "later-article")).outcome).not.toBe("missing");
      await publishArticle(deps(), { id, actor: "o" });
    }
    for (const old of ["later-article", "later-article-2"])
      expect(await articleBySlug(database.db, old)).toEqual({
        outcome: "moved",
        slug: "later-article-3",
      });
    const other = await createArticle(deps(), { actor: "o" });
    const taken = await saveArticleDraft(deps(), {
      id: other.id,
      actor: "o",
      fields: fields({ slug: "later-article" }),
      body: body("x"),
    });
    expect(taken.outcome).toBe("invalid");

    await unpublishArticle(deps(), { id, actor: "o" });
    expect((await articleBySlug(database.db, "later-article-3")).outcome).toBe("gone");
    expect((await articleBySlug(database.db, "later-article")).outcome).toBe("gone");
    await publishArticle(deps(), { id, actor: "o" });
    expect((await articleBySlug(database.db, "later-article-3")).outcome).toBe("found");
    await unpublishArticle(deps(), { id, actor: "o", remove: true });
    expect((await articleBySlug(database.db, "later-article-3")).outcome).toBe("gone");
    expect((await articleBySlug(database.db, "never-was")).outcome).toBe("missing");
  });
});
