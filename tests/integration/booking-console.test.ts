import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { listOrders } from "~/.server/admin/orders";
import { withRenderedBodies } from "~/.server/mail";
import { renderStoredEmail } from "~/.server/mail/templates/template-registry";
import { findPersonRecord } from "~/.server/audience/people/person-record";
import { personTimeline } from "~/.server/audience/people/person-timeline";
import {
  bookPaidSession,
  bookingConsole,
  bookingPageData,
  changeSessionAsOwner,
  currentInvite,
  nextSessions,
  orderBookingUrl,
  ownerSession,
  saveAvailability,
} from "~/.server/booking";
import { availabilityFormValues } from "~/.server/booking/slots/availability-form";
import { defaultAvailabilityRules } from "~/.server/booking/slots/availability-rules";
import { parseConfig } from "~/.server/core/config";
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
  INTRO_CALL_MINUTES: "20",
  BOOKING_MEETING_URL: "https://meet.example/owner-room",
});
const tokenIn = (text: string, path: string) =>
  new RegExp(`${SITE}${path}/([\\w-]+\\.[\\w-]+)`).exec(text)?.[1];

/** The availability form as the console posts it: the defaults with some fields changed. */
const availabilityForm = (changes: Record<string, string> = {}) =>
  new URLSearchParams({
    ...availabilityFormValues(defaultAvailabilityRules("America/Denver", 20)),
    ...changes,
  });

for (const dialect of allDialects) {
  describe(`the owner's booking console on ${dialect}`, () => {
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

    const audit = () =>
      database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "action", "subject"])
        .orderBy("created_at")
        .execute();
    // The worker renders a stored email when it sends; the test renders it the same way.
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

    /** The `.ics` files the latest email of a purpose carries, as the worker renders it. */
    async function attachedInvites(purpose: string) {
      const row = await database.db
        .selectFrom("outbox_emails")
        .select(["template", "template_data"])
        .where("purpose", "=", purpose)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      const { attachments } = await renderStoredEmail(row.template!, row.template_data!);
      return attachments.map((file) => ({
        contentType: file.contentType,
        invite: parseInvite(file.content),
      }));
    }

    /** A paid order for the hour, and the buyer's session booked through its link. */
    async function paidSession(start: number, email = "buyer@example.com") {
      const orderId = await insertSessionOrder(database.db, { at: clock.now(), email });
      const token = orderBookingToken(config, orderId);
      if (start > 0) {
        const booked = await bookPaidSession(deps, {
          token,
          fields: { start: new Date(start).toISOString(), timeZone: "Asia/Kolkata" },
          clientAddress: `203.0.113.${Math.floor(Math.random() * 200)}`,
        });
        expect(booked).toEqual({ outcome: "booked" });
      }
      const booking = await database.db
        .selectFrom("bookings")
        .selectAll()
        .where("order_id", "=", orderId)
        .executeTakeFirst();
      return { orderId, booking };
    }

    it("saves the owner's availability with an audit entry, and the booking page follows it", async () => {
      const outcome = await saveAvailability(deps, {
        form: availabilityForm({
          "hours-2": "07:00-08:00, 18:00-19:00",
          slotIntervalMinutes: "60",
          minimumNoticeMinutes: "0",
          introCallMinutes: "45",
          overrides: "2026-06-03 off",
          timeOff: "2026-06-04 to 2026-06-05",
        }),
        actor: owner,
      });
      expect(outcome).toEqual({ outcome: "saved" });
      expect(await audit()).toEqual([
        { actor_email: owner, action: "booking.availability", subject: null },
      ]);
      const page = await bookingPageData(deps, { kind: "intro", zoneParam: "America/Denver" });
      expect(page.minutes).toBe(45);
      // Tuesday holds its two new ranges; Wednesday is off; Thursday and Friday are time off.
      const labels = page.days
        .slice(0, 2)
        .map((day) => [day.label, day.slots.map((slot) => slot.label.replace(/\s/g, " "))]);
      expect(labels).toEqual([
        [
          "Monday, June 1",
          [
            "9:00 AM",
            "10:00 AM",
            "11:00 AM",
            "12:00 PM",
            "1:00 PM",
            "2:00 PM",
            "3:00 PM",
            "4:00 PM",
          ],
        ],
        ["Tuesday, June 2", ["7:00 AM", "6:00 PM"]],
      ]);
      expect(page.days[2]!.label).toBe("Monday, June 8");
      const console = await bookingConsole(deps);
      expect(console.settings.values).toMatchObject({
        "hours-2": "07:00-08:00, 18:00-19:00",
        overrides: "2026-06-03 off",
        timeOff: "2026-06-04 to 2026-06-05",
        introCallMinutes: "45",
      });
    });

    it("refuses a bad form with every complaint and saves nothing", async () => {
      const outcome = await saveAvailability(deps, {
        form: availabilityForm({ "hours-1": "09:00-08:00", horizonDays: "0" }),
        actor: owner,
      });
      expect(outcome).toMatchObject({
        outcome: "invalid",
        error: "Monday: 09:00-08:00 ends before it starts.",
        fieldErrors: {
          "hours-1": ["Monday: 09:00-08:00 ends before it starts."],
          horizonDays: ["How far ahead people may book must be a whole number from 1 to 365."],
        },
      });
      expect(await database.db.selectFrom("booking_availability").selectAll().execute()).toEqual(
        [],
      );
      expect(await audit()).toEqual([]);
    });

    it("draws the coming weeks in the owner's zone, the same local hour across the DST change", async () => {
      // Monday 26 October 2026; Denver falls back on Sunday 1 November.
      clock.advance(Date.parse("2026-10-26T14:00:00.000Z") - clock.now().getTime());
      await saveAvailability(deps, {
        form: availabilityForm({ overrides: "2026-11-06 10:00-12:00", timeOff: "2026-11-10" }),
        actor: owner,
      });
      // 9:00 in Denver: 15:00 UTC before the change, 16:00 after it.
      const before = await paidSession(Date.parse("2026-10-30T15:00:00.000Z"));
      const after = await paidSession(Date.parse("2026-11-02T16:00:00.000Z"), "second@example.com");
      const { calendar } = await bookingConsole(deps);
      expect(calendar.timeZone).toBe("America/Denver");
      expect(calendar.weeks).toHaveLength(4);
      const days = calendar.weeks.flat();
      expect(days[0]).toMatchObject({ date: "2026-10-26", label: "Mon, Oct 26", past: false });
      const day = (date: string) => days.find((entry) => entry.date === date)!;
      expect(day("2026-10-30").sessions).toEqual([
        {
          id: before.booking!.id,
          time: "9:00 AM",
          name: "Ada Lovelace",
          kind: "breakthrough",
          status: "confirmed",
        },
      ]);
      expect(day("2026-11-02").sessions).toMatchObject([
        { id: after.booking!.id, time: "9:00 AM" },
      ]);
      expect(day("2026-11-01").hours).toEqual([]);
      expect(day("2026-11-02").hours).toEqual(["09:00-17:00"]);
      expect(day("2026-11-06").hours).toEqual(["10:00-12:00"]);
      expect(day("2026-11-10").hours).toEqual([]);
    });

    it("lists sessions with their person and order, and the dashboard's next ones", async () => {
      const first = await paidSession(Date.parse("2026-06-02T15:00:00.000Z"));
      await paidSession(0, "waiting@example.com");
      const { sessions, awaiting } = await bookingConsole(deps);
      expect(sessions.upcoming).toMatchObject([
        {
          id: first.booking!.id,
          title: "Sales Breakthrough Hour",
          minutes: 60,
          status: "confirmed",
          when: "Tuesday, June 2, 2026 at 9:00 AM (America/Denver)",
          name: "Ada Lovelace",
          personId: first.booking!.person_id,
          orderId: first.orderId,
        },
      ]);
      expect(first.booking!.person_id).toBeTruthy();
      expect(sessions.past).toEqual([]);
      expect(awaiting.map((order) => order.email)).toEqual(["waiting@example.com"]);
      expect((await nextSessions(deps)).map((session) => session.id)).toEqual([first.booking!.id]);
      // The orders page marks the paid order with no session, and only it.
      const { orders } = await listOrders(database.db, { page: 1 });
      expect(orders.map((order) => [order.email, order.awaitingSession]).sort()).toEqual([
        ["buyer@example.com", false],
        ["waiting@example.com", true],
      ]);
      // Once the session is over it moves to the past list.
      clock.advance(Date.parse("2026-06-02T16:30:00.000Z") - clock.now().getTime());
      const later = await bookingConsole(deps);
      expect(later.sessions.upcoming).toEqual([]);
      expect(later.sessions.past.map((session) => session.id)).toEqual([first.booking!.id]);
      expect(await nextSessions(deps)).toEqual([]);
    });

    it("cancels with a note: the booker is emailed, the invite is a CANCEL, the order waits again", async () => {
      const { booking, orderId } = await paidSession(Date.parse("2026-06-02T15:00:00.000Z"));
      const outcome = await changeSessionAsOwner(deps, {
        bookingId: booking!.id,
        intent: "cancel",
        note: "  Owner is ill.  ",
        start: "",
        actor: owner,
      });
      expect(outcome).toEqual({ outcome: "done", intent: "cancel" });
      const row = await database.db
        .selectFrom("bookings")
        .selectAll()
        .where("id", "=", booking!.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "cancelled",
        owner_note: "Owner is ill.",
        invite_sequence: 1,
      });
      expect(await audit()).toEqual([
        { actor_email: owner, action: "booking.cancel", subject: booking!.id },
      ]);
      const cancelled = (await emails()).find(({ purpose }) => purpose === "booking.cancelled")!;
      expect(cancelled).toMatchObject({
        to_address: "buyer@example.com",
        subject:
          "Cancelled: Sales Breakthrough Hour, Tuesday, June 2, 2026 at 8:30 PM (Asia/Kolkata)",
      });
      // The buyer can choose another time with the order's own link.
      expect(cancelled.text_body).toContain(orderBookingUrl(config, orderId));
      const invite = await currentInvite(deps, tokenIn(cancelled.text_body, "/booking/invite")!);
      expect(parseInvite(invite!)).toMatchObject({
        method: "CANCEL",
        uid: `booking-${booking!.id}@presence.example`,
        sequence: 1,
      });
      // The email carries the same CANCEL, so the calendar removes the event without a click.
      expect(await attachedInvites("booking.cancelled")).toEqual([
        {
          contentType: "text/calendar; charset=utf-8; method=CANCEL",
          invite: parseInvite(invite!),
        },
      ]);
      expect((await bookingConsole(deps)).awaiting.map((order) => order.id)).toEqual([orderId]);
      expect(deps.wakes).toBeGreaterThan(0);
      // A second cancel finds nothing to cancel, and changes nothing.
      expect(
        await changeSessionAsOwner(deps, {
          bookingId: booking!.id,
          intent: "cancel",
          note: "",
          start: "",
          actor: owner,
        }),
      ).toEqual({ outcome: "not-applicable" });
      expect(await audit()).toHaveLength(1);
    });

    it("moves a session to a free time: one UID, a higher SEQUENCE, the booker told", async () => {
      const { booking } = await paidSession(Date.parse("2026-06-02T15:00:00.000Z"));
      const options = await ownerSession(deps, booking!.id);
      expect(options).toMatchObject({ canChange: true, canClose: false });
      // Its own time is no time to move to, but it does not stand in the way of the next one;
      // the list is in the owner's zone.
      const [firstOption] = options!.moveTo[0]!.slots;
      expect([firstOption!.start, firstOption!.label.replace(/\s/g, " ")]).toEqual([
        "2026-06-02T15:30:00.000Z",
        "9:30 AM",
      ]);
      expect(
        await changeSessionAsOwner(deps, {
          bookingId: booking!.id,
          intent: "reschedule",
          note: "",
          start: "2026-06-02T15:00:00.000Z",
          actor: owner,
        }),
      ).toEqual({ outcome: "unchanged" });
      expect(await audit()).toEqual([]);
      const target = "2026-06-03T17:00:00.000Z";
      expect(
        await changeSessionAsOwner(deps, {
          bookingId: booking!.id,
          intent: "reschedule",
          note: "Asked by phone",
          start: target,
          actor: owner,
        }),
      ).toEqual({ outcome: "done", intent: "reschedule" });
      const moved = (await emails()).find(({ purpose }) => purpose === "booking.rescheduled")!;
      expect(moved.subject).toBe(
        "New time: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 10:30 PM (Asia/Kolkata)",
      );
      const invite = await currentInvite(deps, tokenIn(moved.text_body, "/booking/invite")!);
      expect(parseInvite(invite!)).toEqual({
        method: "REQUEST",
        uid: `booking-${booking!.id}@presence.example`,
        sequence: 1,
        start: target,
        end: "2026-06-03T18:00:00.000Z",
      });
      expect(await attachedInvites("booking.rescheduled")).toEqual([
        {
          contentType: "text/calendar; charset=utf-8; method=REQUEST",
          invite: parseInvite(invite!),
        },
      ]);
      expect((await audit()).map((entry) => entry.action)).toEqual(["booking.reschedule"]);

      // A time outside the hours, and one that is not a time at all: refused, nothing changes.
      for (const [start, answer] of [
        ["2026-06-03T03:00:00.000Z", "unavailable"],
        ["tomorrow", "invalid"],
      ] as const) {
        const refused = await changeSessionAsOwner(deps, {
          bookingId: booking!.id,
          intent: "reschedule",
          note: "",
          start,
          actor: owner,
        });
        expect(refused.outcome).toBe(answer);
      }
      // Another session's time is taken.
      const other = await paidSession(Date.parse("2026-06-04T15:00:00.000Z"), "other@example.com");
      expect(
        await changeSessionAsOwner(deps, {
          bookingId: booking!.id,
          intent: "reschedule",
          note: "",
          start: other.booking!.starts_at,
          actor: owner,
        }),
      ).toMatchObject({ outcome: "taken" });
      expect((await audit()).map((entry) => entry.action)).toEqual(["booking.reschedule"]);
    });

    it("marks a session done or a no-show only once it has begun", async () => {
      const first = await paidSession(Date.parse("2026-06-02T15:00:00.000Z"));
      const second = await paidSession(Date.parse("2026-06-02T17:00:00.000Z"), "two@example.com");
      const mark = (bookingId: string, intent: string, note = "") =>
        changeSessionAsOwner(deps, { bookingId, intent, note, start: "", actor: owner });
      expect(await mark(first.booking!.id, "complete")).toEqual({ outcome: "not-applicable" });
      clock.advance(Date.parse("2026-06-02T18:30:00.000Z") - clock.now().getTime());
      expect(await ownerSession(deps, first.booking!.id)).toMatchObject({
        canChange: false,
        canClose: true,
        moveTo: [],
      });
      expect(await mark(first.booking!.id, "complete", "Great call")).toEqual({
        outcome: "done",
        intent: "complete",
      });
      expect(await mark(second.booking!.id, "no-show")).toEqual({
        outcome: "done",
        intent: "no-show",
      });
      expect(await mark(second.booking!.id, "complete")).toEqual({ outcome: "not-applicable" });
      const statuses = await database.db
        .selectFrom("bookings")
        .select(["email", "status", "owner_note"])
        .orderBy("starts_at")
        .execute();
      expect(statuses).toEqual([
        { email: "buyer@example.com", status: "completed", owner_note: "Great call" },
        { email: "two@example.com", status: "no_show", owner_note: null },
      ]);
      expect((await audit()).map((entry) => entry.action)).toEqual([
        "booking.complete",
        "booking.no-show",
      ]);
      // Bad requests: an unknown action, an empty note, a note too long, a session that is not.
      expect(await mark(first.booking!.id, "delete")).toMatchObject({ outcome: "invalid" });
      expect(await mark(first.booking!.id, "note")).toMatchObject({ outcome: "invalid" });
      expect(await mark(first.booking!.id, "note", "x".repeat(2001))).toMatchObject({
        outcome: "invalid",
      });
      expect(await mark(randomUUID(), "note", "hello")).toEqual({ outcome: "not-found" });
      expect(await mark(randomUUID(), "cancel")).toEqual({ outcome: "not-found" });
      expect(await mark(first.booking!.id, "note", "Follow up in July")).toEqual({
        outcome: "done",
        intent: "note",
      });
    });

    it("shows bookings on the person's timeline", async () => {
      const { booking } = await paidSession(Date.parse("2026-06-02T15:00:00.000Z"));
      const record = await findPersonRecord(database.db, booking!.person_id!);
      const events = personTimeline(record!).filter((event) => event.kind === "booking");
      expect(events).toEqual([
        {
          at: booking!.created_at,
          kind: "booking",
          title: "Booked a Sales Breakthrough Hour for 2026-06-02 15:00 UTC (confirmed)",
          detail: undefined,
          href: `/admin/booking/${booking!.id}`,
        },
      ]);
    });
  });
}
