import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookPaidSession,
  cancelBooking,
  orderBookingUrl,
  rescheduleBooking,
  sendDueReminders,
} from "~/.server/booking";
import { parseConfig } from "~/.server/core/config";
import { withRenderedBodies } from "~/.server/mail";
import {
  insertSessionOrder,
  orderBookingToken,
  freshBookingDeps,
  type BookingTestDeps,
} from "../../support/booking-fixtures";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const config = parseConfig({
  SITE_URL: SITE,
  OWNER_EMAIL: "owner@presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
  BOOKING_RATE_LIMIT: "0",
  BOOKING_MEETING_URL: "https://meet.example/owner-room",
});
const hour = 3_600_000;
// Wednesday 3 June 2026, 09:00 and 11:00 in Denver.
const wednesdayNine = Date.parse("2026-06-03T15:00:00.000Z");
const wednesdayEleven = Date.parse("2026-06-03T17:00:00.000Z");

for (const dialect of allDialects) {
  describe(`booking reminders through the outbox on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let deps: BookingTestDeps;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      deps = await freshBookingDeps(database.db, config);
      clock = deps.clock;
    });

    const reminders = async () =>
      Promise.all(
        (
          await database.db
            .selectFrom("outbox_emails")
            .select(["purpose", "to_address", "subject", "text_body", "template", "template_data"])
            .where("purpose", "like", "booking.%reminder%")
            .orderBy("created_at")
            .orderBy("purpose")
            .execute()
        ).map(withRenderedBodies),
      );
    const purposes = async () => (await reminders()).map((email) => email.purpose);
    const moveTo = (at: number) => clock.advance(at - clock.now().getTime());
    /** Two instances sweeping the same database at once. */
    const twoInstancesSweep = () =>
      Promise.all([sendDueReminders(deps), sendDueReminders({ ...deps, clock })]);

    async function paidSession(start: number, email = "buyer@example.com") {
      const orderId = await insertSessionOrder(database.db, { at: clock.now(), email });
      expect(
        await bookPaidSession(deps, {
          token: orderBookingToken(config, orderId),
          fields: { start: new Date(start).toISOString(), timeZone: "Asia/Kolkata" },
          clientAddress: "203.0.113.5",
        }),
      ).toEqual({ outcome: "booked" });
      return (await database.db
        .selectFrom("bookings")
        .select("id")
        .where("order_id", "=", orderId)
        .executeTakeFirst())!.id;
    }

    it("sends the day's and the hour's reminder once, though two instances sweep at once", async () => {
      await paidSession(wednesdayNine);
      await twoInstancesSweep();
      expect(await purposes()).toEqual([]);

      moveTo(wednesdayNine - 24 * hour);
      const [first, second] = await twoInstancesSweep();
      expect(first.queued + second.queued).toBe(1);
      await twoInstancesSweep();
      expect(await purposes()).toEqual(["booking.reminder-24h"]);
      const [dayBefore] = await reminders();
      expect(dayBefore).toMatchObject({
        to_address: "buyer@example.com",
        subject:
          "Tomorrow: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 8:30 PM (Asia/Kolkata)",
      });
      expect(dayBefore!.text_body).toContain("https://meet.example/owner-room");
      expect(dayBefore!.text_body).toContain(`${SITE}/booking/invite/`);
      // Exactly at the default cut-off (a day before) the booker's own links are gone.
      expect(dayBefore!.text_body).not.toContain("/booking/reschedule/");

      // A restart: a new sweep finds the claim and sends nothing more until the hour's.
      moveTo(wednesdayNine - hour - 1);
      await sendDueReminders(deps);
      moveTo(wednesdayNine - hour + 60_000);
      const [a, b] = await twoInstancesSweep();
      expect(a.queued + b.queued).toBe(1);
      moveTo(wednesdayNine - 60_000);
      await twoInstancesSweep();
      expect(await purposes()).toEqual(["booking.reminder-24h", "booking.reminder-1h"]);
      expect((await reminders())[1]!.subject).toBe(
        "In an hour: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 8:30 PM (Asia/Kolkata)",
      );
      // Once the session has begun nothing more is due.
      moveTo(wednesdayNine + 60_000);
      expect(await sendDueReminders(deps)).toEqual({ queued: 0, more: false });
    });

    it("sends none for a cancelled session", async () => {
      const bookingId = await paidSession(wednesdayNine);
      expect(await cancelBooking(deps, bookingId)).toEqual({ outcome: "cancelled" });
      for (const at of [wednesdayNine - 24 * hour, wednesdayNine - hour + 1]) {
        moveTo(at);
        await twoInstancesSweep();
      }
      // No session reminder; the order, waiting again, is reminded to book once it is 48 hours old.
      expect(await purposes()).toEqual(["booking.unbooked-reminder"]);
    });

    it("carries the booker's links in a reminder sent before the cut-off", async () => {
      const orderId = await insertSessionOrder(database.db, { at: clock.now() });
      await bookPaidSession(deps, {
        token: orderBookingToken(config, orderId),
        fields: { start: new Date(wednesdayNine).toISOString(), timeZone: "UTC" },
        clientAddress: "203.0.113.5",
      });
      await database.db
        .insertInto("booking_availability")
        .values({
          id: "owner",
          rules: JSON.stringify({ bookerChangeCutoffMinutes: 120 }),
          updated_at: clock.now().toISOString(),
        })
        .execute();
      moveTo(wednesdayNine - 24 * hour);
      await sendDueReminders(deps);
      const [dayBefore] = await reminders();
      expect(dayBefore!.text_body).toContain(`${SITE}/booking/reschedule/`);
      expect(dayBefore!.text_body).toContain(`${SITE}/booking/cancel/`);
    });

    it("moves the reminders with a reschedule, and a move inside a window counts as its reminder", async () => {
      const bookingId = await paidSession(wednesdayNine);
      moveTo(wednesdayNine - 24 * hour);
      await sendDueReminders(deps);
      expect(await purposes()).toEqual(["booking.reminder-24h"]);
      // Moved two hours later: the day's reminder for the new time is due again in two hours.
      expect(await rescheduleBooking(deps, { bookingId, start: wednesdayEleven })).toEqual({
        outcome: "rescheduled",
      });
      await sendDueReminders(deps);
      expect(await purposes()).toEqual(["booking.reminder-24h"]);
      moveTo(wednesdayEleven - 24 * hour);
      await twoInstancesSweep();
      expect(await purposes()).toEqual(["booking.reminder-24h", "booking.reminder-24h"]);
      expect((await reminders())[1]!.subject).toContain("10:30 PM (Asia/Kolkata)");
      // Nothing is sent for the old time's hour.
      moveTo(wednesdayNine - hour + 60_000);
      await sendDueReminders(deps);
      expect(await purposes()).toHaveLength(2);
      moveTo(wednesdayEleven - hour + 60_000);
      await sendDueReminders(deps);
      expect(await purposes()).toEqual([
        "booking.reminder-24h",
        "booking.reminder-24h",
        "booking.reminder-1h",
      ]);
    });

    it("takes a session booked inside the day's window as reminded by its confirmation", async () => {
      await database.db
        .insertInto("booking_availability")
        .values({
          id: "owner",
          rules: JSON.stringify({ minimumNoticeMinutes: 60 }),
          updated_at: clock.now().toISOString(),
        })
        .execute();
      moveTo(wednesdayNine - 20 * hour);
      await paidSession(wednesdayNine);
      await twoInstancesSweep();
      expect(await purposes()).toEqual([]);
      moveTo(wednesdayNine - hour + 1);
      await twoInstancesSweep();
      expect(await purposes()).toEqual(["booking.reminder-1h"]);
    });

    it("reminds a paid order not booked after 48 hours once, with the buyer's booking link", async () => {
      const waiting = await insertSessionOrder(database.db, { at: clock.now() });
      await insertSessionOrder(database.db, { at: clock.now(), email: "second@example.com" });
      const booked = await insertSessionOrder(database.db, {
        at: clock.now(),
        email: "booker@example.com",
      });
      await bookPaidSession(deps, {
        token: orderBookingToken(config, booked),
        fields: { start: new Date(wednesdayNine).toISOString(), timeZone: "UTC" },
        clientAddress: "203.0.113.5",
      });
      // An order paid long before the built-in booking existed is not reminded.
      await insertSessionOrder(database.db, {
        at: new Date(clock.now().getTime() - 30 * 24 * hour),
        email: "old@example.com",
      });
      const unbookedReminders = async () =>
        (await reminders()).filter((email) => email.purpose === "booking.unbooked-reminder");
      moveTo(clock.now().getTime() + 47 * hour);
      await twoInstancesSweep();
      expect(await unbookedReminders()).toEqual([]);
      moveTo(clock.now().getTime() + hour);
      const sweeps = await twoInstancesSweep();
      // The two orders not booked; the booked one and the old one get none.
      expect(sweeps[0].queued + sweeps[1].queued).toBe(2);
      moveTo(clock.now().getTime() + 24 * hour);
      await twoInstancesSweep();
      const sent = await unbookedReminders();
      expect(sent.map((email) => [email.purpose, email.to_address]).sort()).toEqual([
        ["booking.unbooked-reminder", "buyer@example.com"],
        ["booking.unbooked-reminder", "second@example.com"],
      ]);
      const toBuyer = sent.find((email) => email.to_address === "buyer@example.com")!;
      expect(toBuyer.subject).toBe("Choose the time of your Sales Breakthrough Hour");
      expect(toBuyer.text_body).toContain(orderBookingUrl(config, waiting));
    });
  });
}
