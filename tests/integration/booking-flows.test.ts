import { withRenderedBodies } from "~/.server/mail";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookPaidSession,
  cancelBooking,
  confirmIntroCall,
  currentInvite,
  introCallLinkState,
  openSlots,
  paidSessionState,
  requestIntroCall,
  rescheduleBooking,
} from "~/.server/booking";
import { parseConfig } from "~/.server/core/config";
import type { PurchasableItemId } from "~/lib/catalog";
import {
  insertSessionOrder,
  orderBookingToken,
  parseInvite,
  freshBookingDeps,
  type BookingTestDeps,
} from "../../support/booking-fixtures";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const config = parseConfig({
  SITE_URL: SITE,
  OWNER_EMAIL: "owner@presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
  INTRO_CALL_MINUTES: "20",
  BOOKING_HOLD_MINUTES: "10",
  BOOKING_RATE_LIMIT: "5",
  BOOKING_MEETING_URL: "https://meet.example/owner-room",
});
const tokenIn = (text: string, path: string) =>
  new RegExp(`${SITE}${path}/([\\w-]+\\.[\\w-]+)`).exec(text)?.[1];

const times = (slot: { start: number; end: number }) => ({
  start: new Date(slot.start).toISOString(),
  end: new Date(slot.end).toISOString(),
});

for (const dialect of allDialects) {
  describe(`booking flows on ${dialect}`, () => {
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

    const emails = () =>
      database.db
        .selectFrom("outbox_emails")
        .select(["purpose", "to_address", "subject", "text_body", "template", "template_data"])
        .orderBy("created_at")
        .orderBy("purpose")
        .execute()
        .then((rows) => Promise.all(rows.map(withRenderedBodies)));
    const bookings = () => database.db.selectFrom("bookings").selectAll().execute();
    const firstSlot = async (minutes = 20) => (await openSlots(deps, minutes))[0]!.start;
    const ask = async (
      fields: Record<string, unknown>,
      { address = "203.0.113.9", traps = {} } = {},
    ) =>
      requestIntroCall(deps, {
        fields: {
          name: "Priya",
          email: "priya@example.com",
          timeZone: "Asia/Kolkata",
          ...fields,
        },
        traps: { formToken: formTokenIssuedAgo(config, clock, 60_000), ...traps },
        clientAddress: address,
      });

    it("holds a free call until the email's link confirms it, then sends both confirmations", async () => {
      const start = await firstSlot();
      // Tuesday 09:00 in Denver: the default rules keep a day's notice.
      expect(new Date(start).toISOString()).toBe("2026-06-02T15:00:00.000Z");
      expect(await ask({ start: new Date(start).toISOString() })).toMatchObject({
        outcome: "held",
      });
      expect(deps.wakes).toBe(1);
      const [held] = await bookings();
      expect(held).toMatchObject({ status: "held", kind: "intro", time_zone: "Asia/Kolkata" });
      // Held time is no longer offered.
      expect((await openSlots(deps, 20)).some((slot) => slot.start === start)).toBe(false);

      const [confirmation] = await emails();
      expect(confirmation).toMatchObject({
        purpose: "booking.hold-confirmation",
        to_address: "priya@example.com",
      });
      // The booker's own zone in the email: 09:00 in Denver is 20:30 in Kolkata.
      expect(confirmation!.text_body).toContain("Tuesday, June 2, 2026 at 8:30 PM (Asia/Kolkata)");
      const token = tokenIn(confirmation!.text_body, "/booking/confirm")!;

      clock.advance(60_000);
      expect(await confirmIntroCall(deps, token)).toEqual({ outcome: "confirmed" });
      expect(await confirmIntroCall(deps, token)).toEqual({ outcome: "already-confirmed" });
      expect((await bookings())[0]).toMatchObject({ status: "confirmed" });
      const sent = await emails();
      expect(sent.map(({ purpose, to_address }) => [purpose, to_address])).toEqual([
        ["booking.hold-confirmation", "priya@example.com"],
        ["booking.confirmed", "priya@example.com"],
        ["booking.owner-notification", "owner@presence.example"],
      ]);
      const owner = sent[2]!;
      expect(owner.text_body).toContain("Tuesday, June 2, 2026 at 9:00 AM (America/Denver)");
      const booker = sent[1]!;
      expect(booker.text_body).toContain("https://meet.example/owner-room");
      const invite = await currentInvite(deps, tokenIn(booker.text_body, "/booking/invite")!);
      expect(parseInvite(invite!)).toEqual({
        method: "REQUEST",
        uid: `booking-${held!.id}@presence.example`,
        sequence: 0,
        start: "2026-06-02T15:00:00.000Z",
        end: "2026-06-02T15:20:00.000Z",
      });
    });

    it("tells what is held: the time in both zones, the address, the hold's length and end", async () => {
      const start = await firstSlot();
      const held = await ask({ start: new Date(start).toISOString() });
      expect(held).toEqual({
        outcome: "held",
        summary: {
          title: "Intro call",
          minutes: 20,
          when: "Tuesday, June 2, 2026, 8:30 – 8:50 PM",
          zone: "Asia/Kolkata (India Standard Time)",
          ownerWhen: {
            when: "Tuesday, June 2, 2026, 9:00 – 9:20 AM",
            zone: "America/Denver (Mountain Time)",
          },
          email: "priya@example.com",
          // The hold lapses at a time named with its zone: "8:37 PM GMT+5:30".
          hold: {
            minutes: config.BOOKING_HOLD_MINUTES,
            until: expect.stringMatching(/[AP]M \S+$/),
          },
        },
      });
      const token = tokenIn((await emails())[0]!.text_body, "/booking/confirm")!;
      // Opening the link reads it: held, with the button's page.
      expect(await introCallLinkState(deps, token)).toMatchObject({
        state: "open",
        summary: { email: "priya@example.com", hold: { minutes: config.BOOKING_HOLD_MINUTES } },
      });
      await confirmIntroCall(deps, token);
      // A used link says the call is booked, and offers nothing more to press.
      expect(await introCallLinkState(deps, token)).toMatchObject({
        state: "confirmed",
        summary: { when: "Tuesday, June 2, 2026, 8:30 – 8:50 PM", hold: null },
      });
      expect(await introCallLinkState(deps, `${token.slice(0, -2)}xx`)).toEqual({
        state: "invalid-link",
      });
    });

    it("says a hold lapsed when its link is opened after its time, naming what it held", async () => {
      const start = await firstSlot();
      await ask({ start: new Date(start).toISOString() });
      const token = tokenIn((await emails())[0]!.text_body, "/booking/confirm")!;
      clock.advance(config.BOOKING_HOLD_MINUTES * 60_000 + 1000);
      expect(await introCallLinkState(deps, token)).toMatchObject({
        state: "lapsed",
        summary: { when: "Tuesday, June 2, 2026, 8:30 – 8:50 PM", hold: null },
      });
      expect(await confirmIntroCall(deps, token)).toEqual({ outcome: "lapsed" });
    });

    it("keeps one invite UID through book, reschedule, reschedule and cancel, SEQUENCE rising", async () => {
      const [first, , , second, , , third] = await openSlots(deps, 20);
      await ask({ start: new Date(first!.start).toISOString() });
      const confirm = tokenIn((await emails())[0]!.text_body, "/booking/confirm")!;
      expect(await confirmIntroCall(deps, confirm)).toEqual({ outcome: "confirmed" });
      const booker = (await emails()).find(({ purpose }) => purpose === "booking.confirmed")!;
      const inviteToken = tokenIn(booker.text_body, "/booking/invite")!;
      const [booking] = await bookings();
      const invites = [parseInvite((await currentInvite(deps, inviteToken))!)];
      for (const slot of [second!, third!]) {
        expect(
          await rescheduleBooking(deps, { bookingId: booking!.id, start: slot.start }),
        ).toEqual({ outcome: "rescheduled" });
        invites.push(parseInvite((await currentInvite(deps, inviteToken))!));
      }
      expect(await cancelBooking(deps, booking!.id)).toEqual({ outcome: "cancelled" });
      invites.push(parseInvite((await currentInvite(deps, inviteToken))!));
      const uid = `booking-${booking!.id}@presence.example`;
      expect(invites).toEqual([
        { method: "REQUEST", uid, sequence: 0, ...times(first!) },
        { method: "REQUEST", uid, sequence: 1, ...times(second!) },
        { method: "REQUEST", uid, sequence: 2, ...times(third!) },
        { method: "CANCEL", uid, sequence: 3, ...times(third!) },
      ]);
      // The cancelled session's time is free again; the first slot was freed by the move.
      const free = (await openSlots(deps, 20)).map(({ start }) => start);
      expect(free).toContain(first!.start);
      expect(free).toContain(third!.start);
    });

    it("moves a session only to a free time", async () => {
      const slots = await openSlots(deps, 20);
      const [first, second] = [slots[0]!, slots[4]!];
      for (const slot of [first, second]) {
        await ask({
          start: new Date(slot.start).toISOString(),
          email: `p${slot.start}@example.com`,
        });
      }
      for (const email of await emails())
        await confirmIntroCall(deps, tokenIn(email.text_body, "/booking/confirm")!);
      const moved = (await bookings()).find(
        ({ starts_at }) => Date.parse(starts_at) === first.start,
      )!;
      const onto = await rescheduleBooking(deps, { bookingId: moved.id, start: second.start });
      expect(onto.outcome).toBe("taken");
      const outside = await rescheduleBooking(deps, {
        bookingId: moved.id,
        start: Date.parse("2026-06-06T16:00:00.000Z"),
      });
      expect(outside.outcome).toBe("unavailable");
      expect((await bookings()).find(({ id }) => id === moved.id)).toMatchObject({
        starts_at: new Date(first.start).toISOString(),
        invite_sequence: 0,
      });
    });

    it("lets an unconfirmed hold lapse and frees its time", async () => {
      const start = await firstSlot();
      await ask({ start: new Date(start).toISOString() });
      const token = tokenIn((await emails())[0]!.text_body, "/booking/confirm")!;
      clock.advance(10 * 60_000);
      expect(await confirmIntroCall(deps, token)).toEqual({ outcome: "lapsed" });
      expect((await openSlots(deps, 20)).some((slot) => slot.start === start)).toBe(true);
      expect(await emails()).toHaveLength(1);
    });

    it("answers bad input with a clear message and stores nothing", async () => {
      const start = new Date(await firstSlot()).toISOString();
      const unknownZone = await ask({ start, timeZone: "Mars/Olympus_Mons" });
      expect(unknownZone).toMatchObject({
        outcome: "invalid",
        error: "That time zone does not exist: choose one from the list.",
      });
      expect(await ask({ start: "not a time" })).toMatchObject({
        outcome: "invalid",
        error: "Choose a time from the list.",
      });
      expect(await ask({ start, email: "nope" })).toMatchObject({ outcome: "invalid" });
      expect(await ask({ start, name: "x".repeat(101) })).toMatchObject({ outcome: "invalid" });
      // A post without its form token is a bot's, like every public form's (issue 25): told it held.
      expect(await ask({ start }, { traps: { formToken: undefined } })).toMatchObject({
        outcome: "held",
      });
      const past = await ask({ start: "2026-05-29T15:00:00.000Z" });
      expect(past.outcome).toBe("unavailable");
      const insideNotice = await ask({ start: "2026-06-01T16:00:00.000Z" });
      expect(insideNotice.outcome).toBe("unavailable");
      // A bot filling the honeypot is told it worked; nothing is kept.
      expect(await ask({ start }, { traps: { honeypot: "buy now" } })).toMatchObject({
        outcome: "held",
      });
      expect(await bookings()).toHaveLength(0);
      expect(await emails()).toHaveLength(0);
    });

    it("limits requests per visitor address and per email address", async () => {
      // Slots far enough apart that holding one leaves the others free.
      const slots = (await openSlots(deps, 20)).filter((_, index) => index % 4 === 0).slice(0, 7);
      for (const slot of slots.slice(0, 5))
        expect(
          await ask(
            { start: new Date(slot.start).toISOString(), email: `p${slot.start}@example.com` },
            { address: "198.51.100.1" },
          ),
        ).toMatchObject({ outcome: "held" });
      expect(
        await ask({ start: new Date(slots[5]!.start).toISOString() }, { address: "198.51.100.1" }),
      ).toMatchObject({ outcome: "rate-limited" });
      // The same address from five other places is limited too.
      for (const index of [1, 2, 3, 4, 5])
        await ask(
          { start: new Date(slots[6]!.start).toISOString(), email: "same@example.com" },
          { address: `192.0.2.${index}` },
        );
      expect(
        await ask(
          { start: new Date(slots[6]!.start).toISOString(), email: "same@example.com" },
          { address: "192.0.2.99" },
        ),
      ).toMatchObject({ outcome: "rate-limited" });
    });

    describe("the paid hour", () => {
      const addOrder = async (status: "paid" | "pending", items = ["breakthrough-session"]) => {
        const id = await insertSessionOrder(database.db, {
          at: clock.now(),
          status,
          items: items as PurchasableItemId[],
        });
        return orderBookingToken(config, id);
      };
      const book = (token: string, fields: Record<string, unknown>) =>
        bookPaidSession(deps, { token, fields, clientAddress: "203.0.113.10" });

      it("books exactly one session through the order's link, confirmed at once", async () => {
        const token = await addOrder("paid");
        expect(await paidSessionState(deps, token)).toMatchObject({
          state: "ready",
          name: "Ada Lovelace",
        });
        const [first, second] = await openSlots(deps, 60);
        const fields = (start: number) => ({
          start: new Date(start).toISOString(),
          timeZone: "Australia/Lord_Howe",
        });
        expect(await book(token, fields(first!.start))).toEqual({ outcome: "booked" });
        expect(await book(token, fields(second!.start))).toEqual({
          outcome: "order-already-booked",
        });
        expect(await bookings()).toMatchObject([
          { kind: "breakthrough", status: "confirmed", email: "buyer@example.com" },
        ]);
        const sent = await emails();
        expect(sent.map(({ purpose }) => purpose)).toEqual([
          "booking.confirmed",
          "booking.owner-notification",
        ]);
        // 09:00 in Denver (MDT) is 01:30 the next day on Lord Howe (+10:30 in its winter).
        expect(sent[0]!.text_body).toContain(
          "Wednesday, June 3, 2026 at 1:30 AM (Australia/Lord Howe)",
        );
        expect(await paidSessionState(deps, token)).toMatchObject({ state: "booked" });
      });

      it("refuses a forged link, an unpaid order and an order without the session", async () => {
        const token = await addOrder("paid");
        const start = new Date((await openSlots(deps, 60))[0]!.start).toISOString();
        const fields = { start, timeZone: "UTC" };
        const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
        expect(await book(forged, fields)).toEqual({ outcome: "invalid-link" });
        expect(await book(await addOrder("pending"), fields)).toEqual({ outcome: "not-bookable" });
        expect(await book(await addOrder("paid", ["pdf"]), fields)).toEqual({
          outcome: "not-bookable",
        });
        expect(await book(token, { start, timeZone: "Nowhere/Town" })).toMatchObject({
          outcome: "invalid",
        });
        expect(await bookings()).toHaveLength(0);
      });
    });
  });
}
