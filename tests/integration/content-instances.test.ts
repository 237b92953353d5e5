import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createArticle,
  importMarkdownArticles,
  publishArticle,
  publishedArticleTeasers,
  readContentVersion,
  saveArticleDraft,
} from "~/.server/publishing";
import {
  contentPageCache,
  type ContentPageCache,
} from "~/.server/server/content-pages/content-page-cache";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** Two instances over one database: each with its own page cache, as two processes would be. */
describe.each(allDialects)("two instances on %s", (dialect) => {
  let database: TestDatabase;
  const caches: ContentPageCache[] = [];
  const servers: Server[] = [];
  const bases: string[] = [];
  const clock = new ManualClock("2026-11-27T12:00:00.000Z");

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await importMarkdownArticles({ db: database.db, clock });
    for (let instance = 0; instance < 2; instance++) {
      const cache = contentPageCache({
        pollMs: 1_000,
        readVersion: () => readContentVersion(database.db),
        render: async () => {
          const teasers = await publishedArticleTeasers(database.db);
          return {
            status: 200,
            headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }),
            body: teasers.map((teaser) => teaser.title).join("\n"),
          };
        },
      });
      caches.push(cache);
      const app = express();
      app.use(cache.middleware);
      const server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      servers.push(server);
      bases.push(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
    }
  });
  afterAll(async () => {
    for (const cache of caches) cache.stop();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await database?.dispose();
  });

  it("serve the same list within two seconds of a publish on either", async () => {
    const before = await Promise.all(
      bases.map(async (base) => (await fetch(`${base}/resources`)).text()),
    );
    expect(before[0]).toBe(before[1]);
    const { id } = await createArticle({ db: database.db, clock }, { actor: "o" });
    await saveArticleDraft(
      { db: database.db, clock },
      {
        id,
        actor: "o",
        fields: {
          slug: "two-instances",
          title: "Two Instances",
          excerpt: "Seen by both.",
          category: "Practice",
          coverImage: "",
          coverAlt: "",
          seoTitle: "",
          seoDescription: "",
          keywords: "",
        },
        body: {
          type: "doc",
          content: [{ type: "paragraph", content: [{ type: "text", text: "Both." }] }],
        },
      },
    );
    await publishArticle({ db: database.db, clock }, { id, actor: "o" });
    const published = Date.now();
    // Only the database tells them: neither instance is told directly.
    for (const base of bases) {
      await expect
        .poll(async () => (await fetch(`${base}/resources`)).text(), {
          timeout: 2_000,
          interval: 100,
        })
        .toContain("Two Instances");
    }
    expect(Date.now() - published).toBeLessThan(2_000);
  });
});
