import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookPaidSession,
  bookerLinkState,
  bookerReschedulePage,
  changeSessionAsBooker,
  saveAvailability,
} from "~/.server/booking";
import { availabilityFormValues } from "~/.server/booking/slots/availability-form";
import { defaultAvailabilityRules } from "~/.server/booking/slots/availability-rules";
import { parseConfig } from "~/.server/core/config";
import { withRenderedBodies } from "~/.server/mail";
import { renderStoredEmail } from "~/.server/mail/templates/template-registry";
import {
  insertSessionOrder,
  orderBookingToken,
  parseInvite,
  freshBookingDeps,
  type BookingTestDeps,
} from "../../support/booking-fixtures";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const owner = "owner@presence.example";
const config = parseConfig({
  SITE_URL: SITE,
  OWNER_EMAIL: owner,
  BOOKING_TIME_ZONE: "America/Denver",
  BOOKING_RATE_LIMIT: "5",
  BOOKING_MEETING_URL: "https://meet.example/owner-room",
});
const tokenIn = (text: string, path: string) =>
  new RegExp(`${SITE}${path}/([\\w-]+\\.[\\w-]+)`).exec(text)?.[1];
// Tuesday 2 June 2026, 09:00 in Denver; Wednesday 3 June 11:00.
const tuesdayNine = Date.parse("2026-06-02T15:00:00.000Z");
const wednesdayEleven = "2026-06-03T17:00:00.000Z";

for (const dialect of allDialects) {
  describe(`the booker's own move and cancel links on ${dialect}`, () => {
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

    const emails = async () =>
      Promise.all(
        (
          await database.db
            .selectFrom("outbox_emails")
            .select(["purpose", "to_address", "subject", "text_body", "template", "template_data"])
            .orderBy("created_at")
            .orderBy("purpose")
            .execute()
        ).map(withRenderedBodies),
      );
    const emailOf = async (purpose: string) =>
      (await emails()).filter((email) => email.purpose === purpose).at(-1)!;
    const audit = () =>
      database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "action", "subject"])
        .execute();
    const bookingRow = () => database.db.selectFrom("bookings").selectAll().executeTakeFirst();

    /** The buyer's session on Tuesday 09:00 Denver, and the links of its confirmation email. */
    async function bookedSession() {
      const orderId = await insertSessionOrder(database.db, { at: clock.now() });
      expect(
        await bookPaidSession(deps, {
          token: orderBookingToken(config, orderId),
          fields: { start: new Date(tuesdayNine).toISOString(), timeZone: "Europe/London" },
          clientAddress: "203.0.113.9",
        }),
      ).toEqual({ outcome: "booked" });
      const { text_body } = await emailOf("booking.confirmed");
      return {
        booking: (await bookingRow())!,
        reschedule: tokenIn(text_body, "/booking/reschedule")!,
        cancel: tokenIn(text_body, "/booking/cancel")!,
      };
    }

    const change = (
      purpose: "booking-reschedule" | "booking-cancel",
      token: string,
      fields: Record<string, unknown> = {},
      clientAddress = "198.51.100.7",
    ) => changeSessionAsBooker(deps, { purpose, token, fields, clientAddress });

    async function attachedInvite(purpose: string) {
      const row = await emailOf(purpose);
      const { attachments } = await renderStoredEmail(row.template!, row.template_data!);
      return parseInvite(attachments[0]!.content);
    }

    it("moves the session through the booker's link: same invite UID, higher SEQUENCE, both told", async () => {
      const { booking, reschedule, cancel } = await bookedSession();
      expect(reschedule).toBeDefined();
      expect(cancel).toBeDefined();
      const page = await bookerReschedulePage(deps, reschedule, "Europe/London");
      expect(page.state).toMatchObject({ state: "open", session: { minutes: 60 } });
      const offered = page.picker!.days.flatMap((day) => day.slots.map((slot) => slot.start));
      expect(offered).toContain(wednesdayEleven);
      // Its own time is no new time: it is not offered.
      expect(offered).not.toContain(new Date(tuesdayNine).toISOString());

      expect(
        await change("booking-reschedule", reschedule, {
          start: wednesdayEleven,
          timeZone: "Europe/London",
        }),
      ).toEqual({ outcome: "rescheduled" });
      expect(await bookingRow()).toMatchObject({
        status: "confirmed",
        starts_at: wednesdayEleven,
        invite_sequence: 1,
      });
      expect(await audit()).toEqual([
        { actor_email: "booker", action: "booking.reschedule", subject: booking.id },
      ]);
      const toBooker = await emailOf("booking.rescheduled");
      expect(toBooker.to_address).toBe("buyer@example.com");
      // The new email carries the links again: the cut-off is still ahead of the new time.
      expect(tokenIn(toBooker.text_body, "/booking/reschedule")).toBe(reschedule);
      const toOwner = await emailOf("booking.owner-rescheduled");
      expect(toOwner).toMatchObject({
        to_address: owner,
        subject:
          "Moved by Ada Lovelace: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 11:00 AM (America/Denver)",
      });
      for (const purpose of ["booking.rescheduled", "booking.owner-rescheduled"])
        expect(await attachedInvite(purpose)).toMatchObject({
          method: "REQUEST",
          uid: `booking-${booking.id}@presence.example`,
          sequence: 1,
          start: wednesdayEleven,
        });
      expect(deps.wakes).toBeGreaterThan(1);
    });

    it("changes nothing and sends nothing for a move to the time the session has", async () => {
      const { booking, reschedule } = await bookedSession();
      const before = (await emails()).length;
      expect(
        await change("booking-reschedule", reschedule, {
          start: new Date(tuesdayNine).toISOString(),
          timeZone: "Europe/London",
        }),
      ).toEqual({ outcome: "unchanged" });
      expect(await bookingRow()).toMatchObject({
        starts_at: booking.starts_at,
        invite_sequence: 0,
        updated_at: booking.updated_at,
      });
      expect(await emails()).toHaveLength(before);
      expect(await audit()).toEqual([]);
    });

    it("makes one change of five identical moves posted at once: one SEQUENCE step, one email each", async () => {
      const { booking, reschedule } = await bookedSession();
      const before = (await emails()).length;
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          change(
            "booking-reschedule",
            reschedule,
            { start: wednesdayEleven, timeZone: "Europe/London" },
            `198.51.100.${20 + index}`,
          ),
        ),
      );
      expect(
        answers.filter((answer) => "outcome" in answer && answer.outcome === "rescheduled"),
      ).toHaveLength(1);
      expect(
        answers.filter((answer) => "outcome" in answer && answer.outcome === "unchanged"),
      ).toHaveLength(4);
      expect(await bookingRow()).toMatchObject({ starts_at: wednesdayEleven, invite_sequence: 1 });
      const added = (await emails()).slice(before);
      expect(added.map((email) => [email.purpose, email.to_address]).sort()).toEqual([
        ["booking.owner-rescheduled", owner],
        ["booking.rescheduled", "buyer@example.com"],
      ]);
      expect(await audit()).toEqual([
        { actor_email: "booker", action: "booking.reschedule", subject: booking.id },
      ]);
    });

    it("cancels through the booker's link: a CANCEL to both, and the links then say it is cancelled", async () => {
      const { booking, reschedule, cancel } = await bookedSession();
      expect(await change("booking-cancel", cancel)).toEqual({ outcome: "cancelled" });
      expect(await bookingRow()).toMatchObject({ status: "cancelled", invite_sequence: 1 });
      expect(await audit()).toEqual([
        { actor_email: "booker", action: "booking.cancel", subject: booking.id },
      ]);
      for (const purpose of ["booking.cancelled", "booking.owner-cancelled"])
        expect(await attachedInvite(purpose)).toMatchObject({
          method: "CANCEL",
          uid: `booking-${booking.id}@presence.example`,
          sequence: 1,
        });
      expect(await bookerLinkState(deps, "booking-cancel", cancel)).toMatchObject({
        state: "cancelled",
      });
      expect(
        await change("booking-reschedule", reschedule, { start: wednesdayEleven, timeZone: "UTC" }),
      ).toMatchObject({
        state: "cancelled",
      });
      expect(await change("booking-cancel", cancel)).toMatchObject({ state: "cancelled" });
      expect(await audit()).toHaveLength(1);
    });

    it("refuses after the owner's cut-off, and follows the cut-off the owner sets", async () => {
      const { reschedule, cancel } = await bookedSession();
      // Monday 09:00:01 Denver: less than a day before Tuesday 09:00.
      clock.advance(Date.parse("2026-06-01T15:00:01.000Z") - clock.now().getTime());
      expect(await bookerLinkState(deps, "booking-cancel", cancel)).toMatchObject({
        state: "closed",
      });
      expect(await change("booking-cancel", cancel)).toMatchObject({ state: "closed" });
      expect(
        await change("booking-reschedule", reschedule, {
          start: wednesdayEleven,
          timeZone: "Europe/London",
        }),
      ).toMatchObject({ state: "closed" });
      expect(await bookingRow()).toMatchObject({ status: "confirmed", invite_sequence: 0 });
      expect((await emails()).map((email) => email.purpose).sort()).toEqual([
        "booking.confirmed",
        "booking.owner-notification",
      ]);

      const form = new URLSearchParams({
        ...availabilityFormValues(defaultAvailabilityRules("America/Denver", 20)),
        bookerChangeCutoffMinutes: "120",
      });
      expect(await saveAvailability(deps, { form, actor: owner })).toEqual({ outcome: "saved" });
      expect(await bookerLinkState(deps, "booking-cancel", cancel)).toMatchObject({
        state: "open",
        cutoffAt: "2026-06-02T13:00:00.000Z",
      });
      // Once the session has begun the owner alone can close it.
      clock.advance(Date.parse("2026-06-02T15:30:00.000Z") - clock.now().getTime());
      expect(await bookerLinkState(deps, "booking-cancel", cancel)).toMatchObject({
        state: "closed",
      });
    });

    it("leaves the links out of an email sent after the cut-off", async () => {
      const form = new URLSearchParams({
        ...availabilityFormValues(defaultAvailabilityRules("America/Denver", 20)),
        minimumNoticeMinutes: "60",
      });
      expect(await saveAvailability(deps, { form, actor: owner })).toEqual({ outcome: "saved" });
      const orderId = await insertSessionOrder(database.db, { at: clock.now() });
      // Monday 10:00 Denver, four hours ahead: inside the day's cut-off.
      expect(
        await bookPaidSession(deps, {
          token: orderBookingToken(config, orderId),
          fields: { start: "2026-06-01T16:00:00.000Z", timeZone: "America/Denver" },
          clientAddress: "203.0.113.9",
        }),
      ).toEqual({ outcome: "booked" });
      const { text_body } = await emailOf("booking.confirmed");
      expect(text_body).toContain(`${SITE}/booking/invite/`);
      expect(text_body).not.toContain("/booking/reschedule/");
      expect(text_body).not.toContain("/booking/cancel/");
    });

    it("refuses a forged link, a link of another purpose, bad input and too many posts", async () => {
      const { reschedule, cancel } = await bookedSession();
      const forged = `${cancel.slice(0, -2)}xx`;
      expect(await bookerLinkState(deps, "booking-cancel", forged)).toEqual({
        state: "invalid-link",
      });
      expect(await change("booking-cancel", forged)).toEqual({ state: "invalid-link" });
      // The cancel link does not move, the move link does not cancel.
      expect(await bookerLinkState(deps, "booking-reschedule", cancel)).toEqual({
        state: "invalid-link",
      });
      expect(await change("booking-cancel", reschedule)).toEqual({ state: "invalid-link" });
      expect(
        await change("booking-reschedule", reschedule, { start: "soon", timeZone: "Mars/Base" }),
      ).toMatchObject({ outcome: "invalid" });
      // Inside the notice, and another session's time: refused with fresh slots.
      expect(
        await change("booking-reschedule", reschedule, {
          start: "2026-06-01T16:00:00.000Z",
          timeZone: "UTC",
        }),
      ).toMatchObject({ outcome: "unavailable", slots: expect.any(Array) });
      expect(await bookingRow()).toMatchObject({ starts_at: new Date(tuesdayNine).toISOString() });
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt += 1)
        answers.push((await change("booking-cancel", forged, {}, "198.51.100.99")) as object);
      expect(answers.at(-1)).toMatchObject({ outcome: "rate-limited" });
      expect(await audit()).toEqual([]);
    });
  });
}
