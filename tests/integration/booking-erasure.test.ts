import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasePerson } from "~/.server/audience/erasure/erasure";
import { personDataExport } from "~/.server/audience/people/person-data-export";
import { bookPaidSession, bookingConsole, openSlots, requestIntroCall } from "~/.server/booking";
import { parseConfig } from "~/.server/core/config";
import type { ServiceDeps } from "~/.server/core/service-deps";
import { insertSessionOrder, orderBookingToken } from "../../support/booking-fixtures";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const mailDir = mkdtempSync(path.join(tmpdir(), "booking-erasure-mail-"));
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));
const config = parseConfig({
  SITE_URL: "https://presence.example",
  OWNER_EMAIL: "owner@presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
  MAIL_DIR: mailDir,
});

for (const dialect of allDialects) {
  describe(`a person's bookings in their export and erasure on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());

    it("exports every session booked, and erasure removes them all and frees their time", async () => {
      // Monday 1 June 2026, 06:00 in Denver.
      const clock = new ManualClock("2026-06-01T12:00:00.000Z");
      const deps: ServiceDeps = { db: database.db, clock, config, outbox: { wake() {} } };
      const email = "Erin.Erased@Example.com";
      const orderId = "order-erased";
      await insertSessionOrder(database.db, {
        at: clock.now(),
        id: orderId,
        email,
        firstName: "Erin",
        lastName: "Erased",
      });
      const [first, second] = await openSlots(deps, 60);
      const token = orderBookingToken(config, orderId);
      expect(
        await bookPaidSession(deps, {
          token,
          fields: { start: new Date(first!.start).toISOString(), timeZone: "Europe/London" },
          clientAddress: "203.0.113.40",
        }),
      ).toEqual({ outcome: "booked" });
      expect(
        await requestIntroCall(deps, {
          fields: {
            start: new Date(second!.start + 2 * 3_600_000).toISOString(),
            timeZone: "Europe/London",
            name: "Erin",
            email: email.toLowerCase(),
          },
          traps: { formToken: formTokenIssuedAgo(config, clock, 60_000) },
          clientAddress: "203.0.113.41",
        }),
      ).toMatchObject({ outcome: "held" });
      // One person booked both, whatever the case of the address.
      const people = await database.db
        .selectFrom("bookings")
        .select("person_id")
        .distinct()
        .execute();
      expect(people).toHaveLength(1);
      const personId = people[0]!.person_id;
      const startsAt = async () => (await openSlots(deps, 60)).map((slot) => slot.start);
      expect(await startsAt()).not.toContain(first!.start);

      const exported = await personDataExport(database.db, personId!);
      expect(exported!.bookings.map((booking) => [booking.kind, booking.status]).sort()).toEqual([
        ["breakthrough", "confirmed"],
        ["intro", "held"],
      ]);

      // A reminder claimed for the paid session goes with it.
      const paid = await database.db
        .selectFrom("bookings")
        .select(["id", "starts_at"])
        .where("order_id", "=", orderId)
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto("booking_reminders")
        .values({
          subject_id: paid.id,
          reminder: "24h",
          due_for: paid.starts_at,
          outcome: "sent",
          created_at: clock.now().toISOString(),
        })
        .execute();
      expect(
        await erasePerson(deps, { personId: personId!, actor: "owner@presence.example" }),
      ).toBe("erased");
      expect(await database.db.selectFrom("bookings").selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom("booking_reminders").selectAll().execute()).toEqual([]);
      expect(await startsAt()).toContain(first!.start);
      // The order stays for the accounts, blanked, and is not shown as waiting for a booking.
      expect((await bookingConsole(deps)).awaiting).toEqual([]);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("detail")
        .where("action", "=", "person.erase")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail)).toMatchObject({ bookings: 2 });
    });
  });
}
