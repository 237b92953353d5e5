import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RelaxNGValidator, XmlDocument } from "libxml2-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  articleFeed,
  createArticle,
  createResource,
  publishArticle,
  publishResource,
  saveArticleDraft,
  saveResourceDraft,
} from "~/.server/publishing";
import type { ArticleDocument } from "~/lib/article-document";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const siteUrl = "https://presence.example";
const atomNs = { a: "http://www.w3.org/2005/Atom" };

/** The feed checked against its schema by libxml2's RELAX NG validator; throws with its errors. */
function validated(xml: string, schema: "atom-1.0" | "rss-2.0") {
  const rng = XmlDocument.fromString(
    readFileSync(path.join(import.meta.dirname, "feed-schemas", `${schema}.rng`), "utf8"),
  );
  const validator = RelaxNGValidator.fromDoc(rng);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
  } finally {
    validator.dispose();
    rng.dispose();
  }
  return doc;
}

const strings = (doc: XmlDocument, xpath: string, ns?: Record<string, string>) =>
  doc.find(xpath, ns).map((node) => node.content);

/** Every address in an entry's HTML: src, href, poster and each srcset candidate. */
const addressesIn = (html: string) => [
  ...[...html.matchAll(/\b(?:src|href|poster)="([^"]*)"/g)].map((match) => match[1]!),
  ...[...html.matchAll(/\bsrcset="([^"]*)"/g)].flatMap((match) =>
    match[1]!.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!),
  ),
];

const title = "Less <than> & more: \"ask\" 'well'";
const excerpt = "<img src=x onerror=alert(1)> Breathe & listen.";

const body = (text: string): ArticleDocument => ({
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text }] },
    { type: "image", attrs: { src: "/media/owner/breath.png", alt: "A calm room" } },
    {
      type: "paragraph",
      content: [
        {
          type: "text",
          text: "the method",
          marks: [{ type: "link", attrs: { href: "/method" } }],
        },
      ],
    },
  ],
});

const guidePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

describe("the feed schemas", () => {
  it("refuse an Atom entry without an id and an RSS item with a relative enclosure", () => {
    expect(() =>
      validated(
        `<feed xmlns="http://www.w3.org/2005/Atom"><id>https://a.example/</id><title>T</title><updated>2026-11-20T09:00:00.000Z</updated><entry><title>E</title><updated>2026-11-20T09:00:00.000Z</updated></entry></feed>`,
        "atom-1.0",
      ),
    ).toThrow();
    expect(() =>
      validated(
        `<rss version="2.0"><channel><title>T</title><link>https://a.example/</link><description>D</description><item><title>I</title><enclosure url="/files/a.pdf" length="1" type="application/pdf"/></item></channel></rss>`,
        "rss-2.0",
      ),
    ).toThrow();
  });
});

describe.each(allDialects)("the RSS and Atom feeds on %s", (dialect) => {
  let database: TestDatabase;
  let uploadsDir: string;
  const clock = new ManualClock("2026-11-20T09:00:00.000Z");
  const actor = "owner@feeds.test";
  const deps = () => ({ db: database.db, clock, uploadsDir });

  async function publishedArticle(slug: string, articleTitle: string) {
    const { id } = await createArticle(deps(), { actor });
    const saved = await saveArticleDraft(deps(), {
      id,
      actor,
      fields: {
        slug,
        title: articleTitle,
        excerpt,
        category: "Practice",
        coverImage: "",
        coverAlt: "",
        seoTitle: "",
        seoDescription: "",
        keywords: "",
      },
      body: body(`${articleTitle} in a paragraph.`),
    });
    expect(saved).toMatchObject({ outcome: "saved" });
    expect(await publishArticle(deps(), { id, actor })).toMatchObject({ outcome: "published" });
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    uploadsDir = mkdtempSync(path.join(tmpdir(), "article-feed-"));
    // An article, then a guide a day later, then another article a day after that.
    await publishedArticle("older-article", title);
    clock.advance(86_400_000);
    const guide = await createResource(deps(), { actor, kind: "guide" });
    await saveResourceDraft(deps(), {
      id: guide.id,
      actor,
      title: "Pricing <Without> Pressure",
      description: "Two pages & one <b>promise</b>.",
      upload: { fileName: "pricing.pdf", bytes: guidePdf },
    });
    expect(await publishResource(deps(), { id: guide.id, actor })).toMatchObject({
      outcome: "published",
    });
    clock.advance(86_400_000);
    await publishedArticle("newer-article", "The newer article");
  });
  afterAll(async () => {
    await database?.dispose();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("is valid Atom 1.0 with text titles and summaries, absolute addresses, newest first", async () => {
    const doc = validated(await articleFeed(database.db, siteUrl, "atom"), "atom-1.0");
    try {
      expect(strings(doc, "/a:feed/a:entry/a:title", atomNs)).toEqual([
        "The newer article",
        "Pricing <Without> Pressure",
        title,
      ]);
      expect(strings(doc, "//a:entry/a:title/@type", atomNs)).toEqual(["text", "text", "text"]);
      expect(strings(doc, "//a:entry/a:summary/@type", atomNs)).toEqual(["text", "text", "text"]);
      expect(strings(doc, "//a:entry/a:summary", atomNs)).toEqual([
        excerpt,
        "Two pages & one <b>promise</b>.",
        excerpt,
      ]);
      const html = strings(doc, "//a:entry/a:content", atomNs);
      expect(html).toHaveLength(2);
      for (const content of html) {
        expect(content).toContain("A calm room");
        expect(addressesIn(content).length).toBeGreaterThan(1);
        for (const address of addressesIn(content)) expect(address).toMatch(/^https:\/\//);
      }
      expect(strings(doc, "//a:link[@rel='enclosure']/@type", atomNs)).toEqual(["application/pdf"]);
    } finally {
      doc.dispose();
    }
  });

  it("is valid RSS 2.0 with text titles and descriptions, absolute addresses, newest first", async () => {
    const xml = await articleFeed(database.db, siteUrl, "rss");
    expect(xml).not.toContain("<![CDATA[");
    const doc = validated(xml, "rss-2.0");
    try {
      expect(strings(doc, "/rss/channel/item/title")).toEqual([
        "The newer article",
        "Pricing <Without> Pressure",
        title,
      ]);
      // A description is HTML to a reader: the excerpt arrives as HTML text, no tag in it.
      const descriptions = strings(doc, "/rss/channel/item/description");
      expect(descriptions).toEqual([
        "&lt;img src=x onerror=alert(1)&gt; Breathe &amp; listen.",
        "Two pages &amp; one &lt;b&gt;promise&lt;/b&gt;.",
        "&lt;img src=x onerror=alert(1)&gt; Breathe &amp; listen.",
      ]);
      const html = strings(doc, "/rss/channel/item/*[local-name()='encoded']");
      expect(html).toHaveLength(2);
      for (const content of html)
        for (const address of addressesIn(content)) expect(address).toMatch(/^https:\/\//);
      expect(strings(doc, "//enclosure/@url")[0]).toMatch(/^https:\/\/presence\.example\//);
    } finally {
      doc.dispose();
    }
  });
});
