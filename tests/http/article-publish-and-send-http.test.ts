import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReaders } from "../../support/broadcast-audience";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { SmtpSink } from "../../support/smtp-sink";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** Publish and send through the console's action on the built server (issue 36, point 9). */
// One database (decision 327): the console's forms; publish-and-send once is article-broadcasts' on
// both.
describe.each(httpDialects)("publishing and sending an article over HTTP on %s", (dialect) => {
  const owner = "owner@send.test";
  let database: TestDatabase;
  let sink: SmtpSink;
  let server: BuiltServer;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await new SmtpSink().start();
    await seedReaders(database.db, [
      { email: "one@example.com" },
      { email: "two@example.com", waitlist: true },
    ]);
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      SITE_URL: "http://send.test",
      ADMIN_EMAILS: owner,
      MAIL_POSTAL_ADDRESS: "1942 Broadway Suite 314, Boulder, CO 80302, USA",
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    await database?.dispose();
  });

  it("shows each list's readers, and a double click emails the article once", async () => {
    const publisher = await consolePublisher(database.db, { email: owner });
    const id = await publisher.newArticle();
    const editor = await fetch(`${server.baseURL}/admin/content/${id}`, {
      headers: { Cookie: publisher.cookie },
    });
    const text = (await editor.text()).replaceAll("<!-- -->", "");
    expect(text).toContain("Newsletter: 2 readers");
    expect(text).toContain("Waitlist: 1 reader<");

    const fields = { slug: "sent-once", title: "Sent Once" };
    const [first, second] = await Promise.all([
      publisher.publish(server.baseURL, id, fields, { sendTo: ["newsletter"] }),
      publisher.publish(server.baseURL, id, fields, { sendTo: ["newsletter"] }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const notices = [first.html, second.html].map(
      (page) =>
        /role="status"[^>]*>([^<]*(?:<!-- -->[^<]*)*)</
          .exec(page)?.[1]
          ?.replaceAll("<!-- -->", "") ?? "",
    );
    expect(
      notices.filter((notice) => notice.includes("Emailing it to 2 readers on the newsletter")),
    ).toHaveLength(1);
    expect(
      notices.filter((notice) => notice.includes("already sent to the newsletter")),
    ).toHaveLength(1);

    await sink.waitFor(2);
    const letters = sink.received.filter((email) => email.parsed.subject === "Sent Once");
    expect(letters.map((email) => email.envelopeTo[0]).sort()).toEqual([
      "one@example.com",
      "two@example.com",
    ]);
    expect(letters[0]!.parsed.html).toContain('href="http://send.test/articles/sent-once"');
    // The archive's copy links to the article.
    const archive = await (await fetch(`${server.baseURL}/newsletter`)).text();
    const letterPath = /href="(\/newsletter\/sent-once[^"]*)"/.exec(archive)?.[1];
    expect(letterPath).toBeDefined();
    expect(await (await fetch(`${server.baseURL}${letterPath}`)).text()).toContain(
      'href="http://send.test/articles/sent-once"',
    );
  });

  it("refuses an unknown list, and a list with Schedule, with a sentence and nothing sent", async () => {
    const publisher = await consolePublisher(database.db, { email: owner });
    const id = await publisher.newArticle();
    const fields = { slug: "not-sent", title: "Not Sent" };
    const unknown = await publisher.publish(server.baseURL, id, fields, { sendTo: ["everyone"] });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("Choose the newsletter or the waitlist to email it to.");
    const scheduled = await publisher.publish(server.baseURL, id, fields, {
      intent: "schedule",
      publishAt: "2099-01-01T09:00",
      sendTo: ["waitlist"],
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.html).toContain("An article is emailed when you publish it now");
    expect((await fetch(`${server.baseURL}/articles/not-sent`)).status).toBe(404);
    const sent = await database.db
      .selectFrom("broadcasts")
      .select("id")
      .where("subject", "=", "Not Sent")
      .execute();
    expect(sent).toEqual([]);
  });
});
