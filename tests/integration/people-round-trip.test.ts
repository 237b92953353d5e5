import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvDownload } from "~/.server/admin/csv-export";
import { stageImport } from "~/.server/audience/import/people-import";
import { applyImport } from "~/.server/audience/import/people-import-job";
import { peopleExportColumns, peopleForExport } from "~/.server/audience/people/people-export";
import type { ListMembershipTable, PersonTable } from "~/.server/audience/audience-tables";
import { emailKey } from "~/.server/core/email-key";
import { parseConfig } from "~/.server/core/config";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const testConfig = parseConfig({});

const time = fc
  .date({
    min: new Date("2015-01-01T00:00:00Z"),
    max: new Date("2030-01-01T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** Text as people type it: accents, quotes, separators, line breaks and formula-like starts. */
const text = fc
  .tuple(
    fc.constantFrom("", "=", "+", "-", "@", "'", "'=", '"', ";"),
    fc.stringMatching(/^[A-Za-zÀ-ÿŁłØø0-9 ,;"'=+\-@.\n()]{0,40}$/),
  )
  .map(([start, rest]) => `${start}${rest}`.trim())
  .filter((value) => value.length > 0);

const email = fc
  .tuple(
    fc
      .stringMatching(/^[a-zA-Z][a-zA-Z0-9._+-]{0,15}$/)
      .filter((local) => !/[.]$|\.\./.test(local)),
    fc.constantFrom("example.com", "Example.org", "mail.example.net"),
  )
  .map(([local, domain]) => `${local}@${domain}`);

const membership = (list: "newsletter" | "waitlist") =>
  fc
    .record({
      status: fc.constantFrom("pending", "confirmed", "unsubscribed" as const),
      interests:
        list === "newsletter"
          ? fc.subarray(["book", "training", "insights"])
          : fc.constant([] as string[]),
      source: fc.constantFrom("/signup", "/resources", "/buy-now", "import"),
      consentText: text,
      consentedAt: time,
      confirmedAt: time,
      unsubscribedAt: time,
      notifiedAt: list === "waitlist" ? fc.option(time, { nil: null }) : fc.constant(null),
    })
    // As the site keeps them: confirmed ones have a confirmation time, unsubscribed ones an
    // unsubscribe time, pending ones neither.
    .map((generated) => ({
      ...generated,
      confirmedAt: generated.status === "pending" ? null : generated.confirmedAt,
      unsubscribedAt: generated.status === "unsubscribed" ? generated.unsubscribedAt : null,
    }));

const audience = fc.uniqueArray(
  fc.record({
    email,
    firstName: fc.option(text, { nil: null }),
    lastName: fc.option(text, { nil: null }),
    source: fc.constantFrom("/contact", "/signup", "/resources", "/buy-now", "import"),
    firstSeenAt: time,
    lastSeenAt: time,
    bounce: fc.option(fc.record({ at: time, reason: text }), { nil: null }),
    newsletter: fc.option(membership("newsletter"), { nil: null }),
    waitlist: fc.option(membership("waitlist"), { nil: null }),
  }),
  { selector: (person) => emailKey(person.email), maxLength: 12 },
);

type Audience = typeof audience extends fc.Arbitrary<infer T> ? T : never;

for (const dialect of allDialects) {
  describe(`the people file's round trip on ${dialect}`, () => {
    let database: TestDatabase;
    const clock = new ManualClock();
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.dispose());

    async function empty() {
      for (const table of [
        "list_memberships",
        "people",
        "people_imports",
        "admin_audit_log",
      ] as const) {
        await database.db.deleteFrom(table).execute();
      }
    }

    async function store(people: Audience) {
      const rows: PersonTable[] = [];
      const memberships: ListMembershipTable[] = [];
      people.forEach((person, index) => {
        const id = `person-${index}`;
        rows.push({
          id,
          email: person.email,
          email_key: emailKey(person.email),
          first_name: person.firstName,
          last_name: person.lastName,
          source: person.source,
          first_seen_at: person.firstSeenAt,
          last_seen_at: person.lastSeenAt,
          bounced_at: person.bounce?.at ?? null,
          bounce_reason: person.bounce?.reason ?? null,
        });
        for (const list of ["newsletter", "waitlist"] as const) {
          const joined = person[list];
          if (!joined) continue;
          memberships.push({
            id: `${id}-${list}`,
            person_id: id,
            list,
            status: joined.status,
            interests: JSON.stringify(joined.interests),
            source: joined.source,
            consent_text: joined.consentText,
            consented_at: joined.consentedAt,
            confirmation_sent_at: null,
            confirmed_at: joined.confirmedAt,
            unsubscribed_at: joined.unsubscribedAt,
            notified_at: joined.notifiedAt,
            created_at: joined.consentedAt,
            updated_at: joined.consentedAt,
          });
        }
      });
      if (rows.length > 0) await database.db.insertInto("people").values(rows).execute();
      if (memberships.length > 0) {
        await database.db.insertInto("list_memberships").values(memberships).execute();
      }
    }

    async function exported() {
      return csvDownload(
        "people.csv",
        peopleExportColumns,
        peopleForExport(database.db, {}),
      ).text();
    }

    /** What the database holds of everyone, without ids and bookkeeping times. */
    async function held() {
      const people = await database.db
        .selectFrom("people")
        .select([
          "email",
          "first_name",
          "last_name",
          "source",
          "first_seen_at",
          "last_seen_at",
          "bounced_at",
          "bounce_reason",
        ])
        .orderBy("email_key")
        .execute();
      const memberships = await database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select([
          "people.email_key",
          "list",
          "status",
          "interests",
          "list_memberships.source",
          "consent_text",
          "consented_at",
          "confirmed_at",
          "unsubscribed_at",
          "notified_at",
        ])
        .orderBy("people.email_key")
        .orderBy("list")
        .execute();
      return { people, memberships };
    }

    it("exports, imports into an empty database and exports the same file", async () => {
      await fc.assert(
        fc.asyncProperty(audience, async (people) => {
          await empty();
          await store(people);
          const before = await held();
          const file = await exported();
          await empty();
          const staged = await stageImport(
            { db: database.db, clock },
            {
              actor: "owner@example.com",
              fileName: "people.csv",
              chunks: [new TextEncoder().encode(file)],
            },
          );
          if (people.length === 0) {
            expect(staged).toEqual({
              error: "The file has a header line but no rows of people under it.",
            });
            return;
          }
          if ("error" in staged) throw new Error(staged.error);
          const imported = await applyImport(
            { db: database.db, clock, config: testConfig },
            { id: staged.id, actor: "owner@example.com" },
          );
          expect(imported).toMatchObject({ counts: { newPeople: people.length, refused: 0 } });
          expect(await held()).toEqual(before);
          expect(await exported()).toBe(file);
        }),
        { numRuns: 40 },
      );
    });
  });
}
