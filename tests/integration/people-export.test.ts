import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvDownload } from "~/.server/admin/csv-export";
import { peopleExportColumns, peopleForExport } from "~/.server/audience/people/people-export";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** The file the export wrote before it was made faster (issue 20 point 7), byte for byte. */
const expected = [
  peopleExportColumns.join(","),
  'ada@example.com,\'=Ada,"Love, ""the"" lace",/signup,2026-01-01T10:00:00.000Z,2026-01-02T10:00:00.000Z,,,confirmed,book;insights,/signup,"Yes, send me\nnews",2026-01-01T10:00:00.000Z,2026-01-01T11:00:00.000Z,,pending,/buy-now,Tell me,2026-01-02T10:00:00.000Z,,,',
  "bea@example.com,,,/contact,2026-01-03T10:00:00.000Z,2026-01-03T10:00:00.000Z,2026-01-04T10:00:00.000Z,550 no such user,,,,,,,,,,,,,,",
  "",
].join("\n");

async function seed(database: TestDatabase) {
  await database.db
    .insertInto("people")
    .values([
      {
        id: "p-ada",
        email: "ada@example.com",
        email_key: "ada@example.com",
        first_name: "=Ada",
        last_name: 'Love, "the" lace',
        source: "/signup",
        first_seen_at: "2026-01-01T10:00:00.000Z",
        last_seen_at: "2026-01-02T10:00:00.000Z",
        bounced_at: null,
      },
      {
        id: "p-bea",
        email: "bea@example.com",
        email_key: "bea@example.com",
        first_name: null,
        last_name: null,
        source: "/contact",
        first_seen_at: "2026-01-03T10:00:00.000Z",
        last_seen_at: "2026-01-03T10:00:00.000Z",
        bounced_at: "2026-01-04T10:00:00.000Z",
      },
    ])
    .execute();
  await database.db
    .updateTable("people")
    .set({ bounce_reason: "550 no such user" })
    .where("id", "=", "p-bea")
    .execute();
  const membership = {
    person_id: "p-ada",
    confirmation_sent_at: null,
    unsubscribed_at: null,
    notified_at: null,
    created_at: "2026-01-01T10:00:00.000Z",
    updated_at: "2026-01-01T10:00:00.000Z",
  };
  await database.db
    .insertInto("list_memberships")
    .values([
      {
        ...membership,
        id: "m-news",
        list: "newsletter",
        status: "confirmed",
        interests: JSON.stringify(["book", "insights"]),
        source: "/signup",
        consent_text: "Yes, send me\nnews",
        consented_at: "2026-01-01T10:00:00.000Z",
        confirmed_at: "2026-01-01T11:00:00.000Z",
      },
      {
        ...membership,
        id: "m-wait",
        list: "waitlist",
        status: "pending",
        interests: "[]",
        source: "/buy-now",
        consent_text: "Tell me",
        consented_at: "2026-01-02T10:00:00.000Z",
        confirmed_at: null,
      },
    ])
    .execute();
}

for (const dialect of allDialects) {
  describe(`the people CSV export on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await seed(database);
    });
    afterAll(async () => database?.dispose());

    const exported = (batchSize?: number) =>
      csvDownload(
        "people.csv",
        peopleExportColumns,
        peopleForExport(database.db, {}, batchSize),
      ).text();

    it("writes the same bytes as before: header, then every person in address order", async () => {
      expect(await exported()).toBe(expected);
    });

    it("writes the same bytes when read one person a batch", async () => {
      expect(await exported(1)).toBe(expected);
    });
  });
}
