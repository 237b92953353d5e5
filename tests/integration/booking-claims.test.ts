import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AvailabilityRules } from "~/.server/booking/slots/availability-rules";
import { claimSlot, type SlotRequest } from "~/.server/booking/slots/claim-slot";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const minute = 60_000;
const now = new Date("2026-06-01T12:00:00.000Z"); // Monday 06:00 in Denver
const tuesdayTen = Date.parse("2026-06-02T16:00:00.000Z"); // Tuesday 10:00 in Denver
const weekday = [{ start: 9 * 60, end: 17 * 60 }];
const rules: AvailabilityRules = {
  timeZone: "America/Denver",
  weeklyHours: [[], weekday, weekday, weekday, weekday, weekday, []],
  dateOverrides: [],
  timeOff: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 60,
  horizonDays: 30,
  maxSessionsPerDay: 0,
  slotIntervalMinutes: 20,
  introCallMinutes: 20,
  bookerChangeCutoffMinutes: 24 * 60,
};

for (const dialect of allDialects) {
  describe(`claiming a slot on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      await database.db.deleteFrom("bookings").execute();
      await database.db.deleteFrom("orders").execute();
    });

    const request = (changes: Partial<SlotRequest> = {}): SlotRequest => ({
      kind: "intro",
      start: tuesdayTen,
      durationMinutes: 20,
      name: "Booker",
      email: "booker@example.com",
      timeZone: "Asia/Kolkata",
      source: "/booking",
      meetingUrl: "https://meet.jit.si/test-room",
      ...changes,
    });
    const claim = (changes: Partial<SlotRequest> = {}, at = now) =>
      claimSlot(database.db, { rules, busy: [], now: at }, request(changes));
    const activeBookings = () =>
      database.db
        .selectFrom("bookings")
        .select(["id", "starts_at", "ends_at", "status", "order_id"])
        .where("status", "not in", ["cancelled", "expired"])
        .execute();

    it("gives one of 20 concurrent requests for one slot the slot, and the others fresh slots", async () => {
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => claim()));
      const claimed = outcomes.filter(({ outcome }) => outcome === "claimed");
      const taken = outcomes.filter((result) => result.outcome === "taken");
      expect(claimed).toHaveLength(1);
      expect(taken).toHaveLength(19);
      for (const result of taken) {
        if (result.outcome !== "taken") continue;
        expect(result.slots.length).toBeGreaterThan(0);
        expect(result.slots.some(({ start }) => start === tuesdayTen)).toBe(false);
      }
      expect(await activeBookings()).toHaveLength(1);
    });

    it("gives one of 20 concurrent requests for overlapping sessions of different lengths the time", async () => {
      // 60 minutes at 10:00, 20 at 10:00, 20 at 10:20, 40 at 10:00 (each held 10 minutes
      // longer for the buffer): every pair overlaps.
      const variants: Partial<SlotRequest>[] = [
        { kind: "breakthrough", durationMinutes: 60 },
        { durationMinutes: 20 },
        { durationMinutes: 20, start: tuesdayTen + 20 * minute },
        { durationMinutes: 40 },
      ];
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, index) => claim(variants[index % variants.length])),
      );
      expect(outcomes.filter(({ outcome }) => outcome === "taken")).toHaveLength(19);
      expect(outcomes.filter(({ outcome }) => outcome === "claimed")).toHaveLength(1);
      expect(await activeBookings()).toHaveLength(1);
    });

    it("frees a cancelled session's time", async () => {
      const first = await claim();
      expect(first.outcome).toBe("claimed");
      expect((await claim({ email: "other@example.com" })).outcome).toBe("taken");
      await database.db.updateTable("bookings").set({ status: "cancelled" }).execute();
      expect((await claim({ email: "other@example.com" })).outcome).toBe("claimed");
    });

    it("frees an unconfirmed hold once it has lapsed", async () => {
      expect((await claim({ holdMinutes: 10 })).outcome).toBe("claimed");
      expect((await claim({}, new Date(now.getTime() + 9 * minute))).outcome).toBe("taken");
      const later = await claim({}, new Date(now.getTime() + 10 * minute));
      expect(later.outcome).toBe("claimed");
      const statuses = await database.db
        .selectFrom("bookings")
        .select("status")
        .orderBy("created_at")
        .execute();
      expect(statuses.map(({ status }) => status).sort()).toEqual(["confirmed", "expired"]);
    });

    it("refuses a time never offered and stores nothing", async () => {
      for (const start of [
        Date.parse("2026-06-02T14:00:00.000Z"), // 08:00, before the hours
        Date.parse("2026-06-06T16:00:00.000Z"), // Saturday
        Date.parse("2026-05-29T16:00:00.000Z"), // in the past
        Date.parse("2026-06-01T12:40:00.000Z"), // inside the notice
        tuesdayTen + 5 * minute, // between two slots
        Date.parse("2026-08-04T16:00:00.000Z"), // beyond the horizon
      ]) {
        const result = await claim({ start });
        expect(result.outcome).toBe("unavailable");
      }
      expect(await activeBookings()).toHaveLength(0);
    });

    it("books a paid order once, even when two requests race for it", async () => {
      const orderId = randomUUID();
      await database.db
        .insertInto("orders")
        .values({
          id: orderId,
          status: "paid",
          items: "[]",
          amount_total_cents: 29500,
          currency: "usd",
          email: "booker@example.com",
          first_name: null,
          last_name: null,
          billing_address: null,
          stripe_session_id: null,
          stripe_payment_intent_id: null,
          amount_paid_cents: 29500,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          paid_at: now.toISOString(),
          refunded_at: null,
          person_id: null,
        })
        .execute();
      const paid = { kind: "breakthrough", durationMinutes: 60, orderId } as const;
      const outcomes = await Promise.all(
        [0, 1, 2, 3].map((day) => claim({ ...paid, start: tuesdayTen + day * 24 * 60 * minute })),
      );
      expect(outcomes.filter(({ outcome }) => outcome === "claimed")).toHaveLength(1);
      expect(outcomes.filter(({ outcome }) => outcome === "order-already-booked")).toHaveLength(3);
      expect(await activeBookings()).toHaveLength(1);
    });
  });

  describe(`the schema alone refuses overlapping sessions on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(() => database.db.deleteFrom("bookings").execute());

    const row = (from: number, until: number, status = "confirmed") => ({
      id: randomUUID(),
      kind: "intro" as const,
      status: status as "confirmed",
      starts_at: new Date(from * minute).toISOString(),
      ends_at: new Date(until * minute).toISOString(),
      blocked_from_minute: from,
      blocked_until_minute: until,
      hold_expires_at: null,
      order_id: null,
      person_id: null,
      name: "Someone",
      email: "someone@example.com",
      time_zone: "UTC",
      meeting_url: "https://meet.jit.si/x",
      invite_sequence: 0,
      owner_note: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      confirmed_at: null,
      cancelled_at: null,
    });
    const insert = (values: ReturnType<typeof row>) =>
      database.db.insertInto("bookings").values(values).execute();
    const base = Math.floor(tuesdayTen / minute);

    it("refuses an overlapping row, whatever its status, unless one of them is released", async () => {
      await insert(row(base, base + 60));
      await expect(insert(row(base + 59, base + 80))).rejects.toThrow();
      await expect(insert(row(base - 10, base + 1, "held"))).rejects.toThrow();
      await expect(insert(row(base + 10, base + 20, "no_show"))).rejects.toThrow();
      // Touching ends do not overlap; released rows hold nothing.
      await insert(row(base + 60, base + 80));
      await insert(row(base, base + 60, "cancelled"));
      await insert(row(base + 20, base + 40, "expired"));
    });

    it("refuses to bring a released row back over a held one", async () => {
      const released = row(base, base + 60, "cancelled");
      await insert(released);
      await insert(row(base + 30, base + 90));
      await expect(
        database.db
          .updateTable("bookings")
          .set({ status: "confirmed" })
          .where("id", "=", released.id)
          .execute(),
      ).rejects.toThrow();
    });

    it("refuses a status it does not know and an empty or backward range", async () => {
      await expect(insert(row(base, base + 60, "rescheduled"))).rejects.toThrow();
      await expect(insert(row(base, base))).rejects.toThrow();
      await expect(
        insert({ ...row(base, base + 60), blocked_until_minute: null as unknown as number }),
      ).rejects.toThrow();
      expect(await database.db.selectFrom("bookings").select("id").execute()).toHaveLength(0);
    });
  });
}
