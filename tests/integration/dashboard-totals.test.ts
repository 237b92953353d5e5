import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadTotals, leadsPerDay } from "~/.server/admin/dashboard";
import type { MembershipStatus } from "~/lib/lists";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const now = new Date("2026-11-20T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

for (const dialect of allDialects) {
  describe(`dashboard totals on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.dispose());

    it("counts as subscribers only the confirmed who are still subscribed, with the week's movement", async () => {
      const members: [MembershipStatus, string | null, string | null, string?][] = [
        ["confirmed", daysAgo(2), null],
        ["confirmed", daysAgo(10), null],
        // Confirmed once, left since: no longer a subscriber.
        ["unsubscribed", daysAgo(30), daysAgo(3)],
        ["unsubscribed", daysAgo(30), daysAgo(9)],
        ["pending", null, null],
        // Imported today as opted out (stamped with the import's time, or dated before it): they
        // left elsewhere, not this week.
        ["unsubscribed", null, daysAgo(1), daysAgo(1)],
        ["unsubscribed", daysAgo(300), daysAgo(200), daysAgo(1)],
      ];
      for (const [index, [status, confirmedAt, unsubscribedAt, createdAt]] of members.entries()) {
        const personId = `person-${index}`;
        await database.db
          .insertInto("people")
          .values({
            id: personId,
            email: `p${index}@example.com`,
            email_key: `p${index}@example.com`,
            source: "/signup",
            first_seen_at: daysAgo(40),
            last_seen_at: daysAgo(1),
          })
          .execute();
        await database.db
          .insertInto("list_memberships")
          .values({
            id: `m-${index}`,
            person_id: personId,
            list: "newsletter",
            status,
            interests: "[]",
            source: "/signup",
            consent_text: "Yes",
            consented_at: daysAgo(40),
            confirmation_sent_at: null,
            confirmed_at: confirmedAt,
            unsubscribed_at: unsubscribedAt,
            notified_at: null,
            created_at: createdAt ?? daysAgo(40),
            updated_at: daysAgo(1),
          })
          .execute();
      }
      const totals = await leadTotals(database.db, now, "America/Denver");
      expect(totals.subscribers).toEqual({
        signups: 7,
        subscribed: 2,
        week: { new: 1, lost: 1 },
        lastWeek: { new: 1, lost: 1 },
      });
      expect(totals.waitlist.subscribed).toBe(0);
    });

    it("charts a confirmation at 23:30 in Denver on that Denver day, today last", async () => {
      await database.db
        .insertInto("people")
        .values({
          id: "late",
          email: "late@example.com",
          email_key: "late@example.com",
          source: "/waitlist",
          first_seen_at: daysAgo(1),
          last_seen_at: daysAgo(1),
        })
        .execute();
      // 06:30 UTC on the 20th is 23:30 on the 19th in Denver.
      const lateEvening = "2026-11-20T06:30:00.000Z";
      await database.db
        .insertInto("list_memberships")
        .values({
          id: "m-late",
          person_id: "late",
          list: "waitlist",
          status: "confirmed",
          interests: "[]",
          source: "/waitlist",
          consent_text: "Yes",
          consented_at: lateEvening,
          confirmation_sent_at: null,
          confirmed_at: lateEvening,
          unsubscribed_at: null,
          notified_at: null,
          created_at: lateEvening,
          updated_at: lateEvening,
        })
        .execute();
      const days = await leadsPerDay(database.db, now, "America/Denver");
      expect(days).toHaveLength(30);
      expect(days.slice(-2).map((day) => [day.day, day.waitlist])).toEqual([
        ["2026-11-19", 1],
        ["2026-11-20", 0],
      ]);
    });
  });
}
