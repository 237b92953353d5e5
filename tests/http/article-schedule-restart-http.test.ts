import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, publishArticle, saveArticleDraft } from "~/.server/publishing";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { ManualClock } from "../../support/manual-clock";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/**
 * Issue 36, point 5 (Ghost #10726, #9359): an article whose time came while the site was down is
 * published when the server starts, and every page that lists it shows it at once.
 */
// One database (decision 327): a start and the pages; publishing a missed schedule once is
// article-store's on both.
describe.each(httpDialects)("a schedule missed while the site was down, on %s", (dialect) => {
  let database: TestDatabase;
  let server: BuiltServer | undefined;
  const mailDir = mkdtempSync(path.join(tmpdir(), "schedule-restart-mail-"));
  const env = () => ({
    DATABASE_URL: database.url,
    SITE_URL: "http://schedule.test",
    MAIL_DIR: mailDir,
  });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it(
    "is published on start, on its page, the lists, the feeds and the sitemap",
    { timeout: 90_000 },
    async () => {
      server = await startBuiltServer(env());
      expect(await (await fetch(`${server.baseURL}/resources`)).text()).not.toContain("While Down");
      expect(await server.stop()).toBe(0);

      // Scheduled for a time that passed while no server ran.
      const clock = new ManualClock(new Date(Date.now() - 3_600_000).toISOString());
      const { id } = await createArticle({ db: database.db, clock }, { actor: "owner" });
      await saveArticleDraft(
        { db: database.db, clock },
        {
          id,
          actor: "owner",
          fields: {
            slug: "while-down",
            title: "While Down",
            excerpt: "Scheduled while the site was down.",
            category: "Practice",
            coverImage: "",
            coverAlt: "",
            seoTitle: "",
            seoDescription: "",
            keywords: "",
          },
          body: {
            type: "doc",
            content: [{ type: "paragraph", content: [{ type: "text", text: "Still published." }] }],
          },
        },
      );
      const at = new Date(clock.now().getTime() + 60_000);
      expect(
        (await publishArticle({ db: database.db, clock }, { id, actor: "owner", at })).outcome,
      ).toBe("scheduled");

      server = await startBuiltServer(env());
      // The start publishes it (the next scheduled round is 15 s away): within a few seconds.
      await expect
        .poll(async () => (await fetch(`${server!.baseURL}/articles/while-down`)).status, {
          timeout: 5_000,
          interval: 100,
        })
        .toBe(200);
      for (const [page, expected] of [
        ["/resources", "While Down"],
        ["/all-resources", "While Down"],
        ["/feed.xml", "/articles/while-down"],
        ["/atom.xml", "/articles/while-down"],
        ["/sitemap.xml", "/articles/while-down"],
      ] as const) {
        const answer = await fetch(`${server.baseURL}${page}`);
        expect({ page, status: answer.status }).toEqual({ page, status: 200 });
        expect({ page, found: (await answer.text()).includes(expected) }).toEqual({
          page,
          found: true,
        });
      }
    },
  );
});
