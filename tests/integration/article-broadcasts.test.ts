import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  articleBroadcastsOf,
  articleListCounts,
  sendArticleToLists,
} from "~/.server/broadcasts/article-broadcasts";
import { publishedLetter, publishedLetters } from "~/.server/broadcasts/broadcast-archive";
import { broadcastOutboxHooks } from "~/.server/broadcasts/broadcast-outbox-hooks";
import { runBroadcastQueue } from "~/.server/broadcasts/broadcast-sending";
import { parseConfig } from "~/.server/core/config";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import {
  createArticle,
  importMarkdownArticles,
  publishArticle,
  saveArticleDraft,
  unpublishArticle,
} from "~/.server/publishing";
import { seedReaders } from "../../support/broadcast-audience";
import { ManualClock } from "../../support/manual-clock";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
  OWNER_EMAIL: "owner@presence.example",
});
const owner = "owner@presence.example";

/** Publish and send (issue 36, point 9): an article goes to the chosen lists once. */
describe.each(allDialects)("an article sent as a broadcast on %s", (dialect) => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const clock = new ManualClock("2026-11-27T12:00:00.000Z");
  let wakes = 0;
  const deps = () => ({
    db: database.db,
    clock,
    config,
    outbox: { wake: () => {} },
    broadcastQueue: { wake: () => void (wakes += 1) },
  });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await importMarkdownArticles({ db: database.db, clock });
    await seedReaders(database.db, [
      { email: "reader-one@example.com" },
      { email: "reader-two@example.com", waitlist: true },
      { email: "left@example.com", status: "unsubscribed" },
    ]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    sink = await new SmtpSink().start();
  });
  afterEach(async () => {
    await sink.stop();
  });

  async function publishedArticle(slug: string, title: string) {
    const { id } = await createArticle({ db: database.db, clock }, { actor: owner });
    await saveArticleDraft(
      { db: database.db, clock },
      {
        id,
        actor: owner,
        fields: {
          slug,
          title,
          excerpt: "Three breaths [before] the *ask*: what changes.",
          category: "Practice",
          coverImage: "",
          coverAlt: "",
          seoTitle: "",
          seoDescription: "",
          keywords: "",
        },
        body: {
          type: "doc",
          content: [{ type: "paragraph", content: [{ type: "text", text: "Breathe." }] }],
        },
      },
    );
    expect(await publishArticle({ db: database.db, clock }, { id, actor: owner })).toEqual({
      outcome: "published",
      slug,
    });
    return id;
  }

  /** Queues what was sent and lets a real outbox worker deliver it to the SMTP sink. */
  async function deliver() {
    await runBroadcastQueue(deps());
    const worker = startOutboxWorker({
      db: database.db,
      transport: smtpTransport(sink.url),
      clock,
      pollIntervalMs: 3_600_000,
      batchSize: 50,
      hooks: broadcastOutboxHooks({ db: database.db, config }),
      bulkRatePerMinute: 0,
      pauseRefusalPercent: 10,
    });
    await worker.stop();
    while ((await worker.runOnce()) > 0);
  }

  it("counts each list's readers for the console's confirmation", async () => {
    expect(await articleListCounts(database.db)).toEqual([
      { list: "newsletter", readers: 2 },
      { list: "waitlist", readers: 1 },
    ]);
  });

  it("emails the excerpt and a link to the article to each chosen list, and puts it in the archive", async () => {
    const id = await publishedArticle("breathe-first", "Breathe First");
    wakes = 0;
    const outcomes = await sendArticleToLists(deps(), {
      slug: "breathe-first",
      lists: ["newsletter", "waitlist"],
      actor: owner,
    });
    expect(outcomes).toMatchObject([
      { list: "newsletter", outcome: "queued", readers: 2 },
      { list: "waitlist", outcome: "queued", readers: 1 },
    ]);
    expect(wakes).toBe(1);
    await deliver();
    const received = await sink.waitFor(3);
    expect(received.map((email) => email.envelopeTo[0]).sort()).toEqual([
      "reader-one@example.com",
      "reader-two@example.com",
      "reader-two@example.com",
    ]);
    for (const email of received) {
      expect(email.parsed.subject).toBe("Breathe First");
      // The excerpt's Markdown-looking words stay words; the button leads to the article.
      expect(email.parsed.text).toContain("Three breaths [before] the *ask*: what changes.");
      expect(email.parsed.html).toContain('href="https://presence.example/articles/breathe-first"');
      expect(email.parsed.html).toContain("Read “Breathe First”");
    }

    const archived = (await publishedLetters(database.db)).filter(
      (letter) => letter.subject === "Breathe First",
    );
    expect(archived).toHaveLength(1);
    const letter = await publishedLetter(database.db, archived[0]!.slug);
    expect(JSON.stringify(letter!.blocks)).toContain(
      '"href":"https://presence.example/articles/breathe-first"',
    );
    expect((await articleBroadcastsOf(database.db, id)).map((sent) => sent.list)).toEqual([
      "newsletter",
      "waitlist",
    ]);
  });

  it("never sends an article twice to a list: a second publish, a double click", async () => {
    const id = await publishedArticle("listen-first", "Listen First");
    const send = () =>
      sendArticleToLists(deps(), { slug: "listen-first", lists: ["newsletter"], actor: owner });
    // A double click: two requests at once.
    const both = await Promise.all([send(), send()]);
    expect(
      both
        .flatMap((outcomes) => (Array.isArray(outcomes) ? outcomes : []))
        .map((sent) => sent.outcome)
        .sort(),
    ).toEqual(["already-sent", "queued"]);
    // Published again later, chosen again: still once.
    await publishArticle({ db: database.db, clock }, { id, actor: owner });
    expect(await send()).toEqual([{ list: "newsletter", outcome: "already-sent" }]);
    await deliver();
    const received = await sink.waitFor(2);
    expect(received.map((email) => email.envelopeTo[0]).sort()).toEqual([
      "reader-one@example.com",
      "reader-two@example.com",
    ]);
    const rows = await database.db
      .selectFrom("broadcasts")
      .select("id")
      .where("source_article_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("sends nothing for an article that is not live, or without a postal address", async () => {
    const id = await publishedArticle("gone-first", "Gone First");
    await unpublishArticle({ db: database.db, clock }, { id, actor: owner });
    expect(
      await sendArticleToLists(deps(), { slug: "gone-first", lists: ["newsletter"], actor: owner }),
    ).toBe("not-published");
    expect(
      await sendArticleToLists(
        { ...deps(), config: { ...config, MAIL_POSTAL_ADDRESS: "" } },
        { slug: "gone-first", lists: ["newsletter"], actor: owner },
      ),
    ).toBe("no-postal-address");
    expect(await articleBroadcastsOf(database.db, id)).toEqual([]);
  });
});
