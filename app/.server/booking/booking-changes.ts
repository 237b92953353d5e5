import { sql, type Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import { loadAvailabilityRules } from "./availability-store";
import { blockedMinutes, heldTimes, takeBookingLock } from "./claim-slot";
import { freeSlots, type Slot } from "./slots";

export type RescheduleOutcome =
  | { outcome: "rescheduled" }
  | { outcome: "not-found" }
  | { outcome: "taken" | "unavailable"; slots: Slot[] };

/**
 * Moves a confirmed session to another free slot of the same length, under the booking lock like
 * a claim. Its invite keeps the UID and its SEQUENCE rises, so calendars replace the event.
 */
export async function rescheduleBooking(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  { bookingId, start }: { bookingId: string; start: number },
): Promise<RescheduleOutcome> {
  const now = clock.now();
  const rules = await loadAvailabilityRules(db, config);
  return db.transaction().execute(async (trx) => {
    await takeBookingLock(trx, now);
    const booking = await confirmedBooking(trx, bookingId);
    if (!booking) return { outcome: "not-found" } as const;
    const durationMinutes = (Date.parse(booking.ends_at) - Date.parse(booking.starts_at)) / 60_000;
    const query = { rules, durationMinutes, now: now.getTime(), busy: [] };
    const held = await heldTimes(trx, now, rules.horizonDays, bookingId);
    const open = freeSlots({ ...query, held });
    if (!open.some((slot) => slot.start === start)) {
      const offered = freeSlots({ ...query, held: [] }).some((slot) => slot.start === start);
      return { outcome: offered ? "taken" : "unavailable", slots: open } as const;
    }
    const end = start + durationMinutes * 60_000;
    await trx
      .updateTable("bookings")
      .set({
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
        ...blockedMinutes(start, end, rules),
        invite_sequence: sql<number>`invite_sequence + 1`,
        updated_at: now.toISOString(),
      })
      .where("id", "=", bookingId)
      .execute();
    return { outcome: "rescheduled" } as const;
  });
}

/** Cancels a session: its time is free again, and its invite becomes a CANCEL with a higher SEQUENCE. */
export async function cancelBooking(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  bookingId: string,
): Promise<{ outcome: "cancelled" | "not-found" }> {
  const at = clock.now().toISOString();
  const result = await db
    .updateTable("bookings")
    .set({
      status: "cancelled",
      cancelled_at: at,
      updated_at: at,
      invite_sequence: sql<number>`invite_sequence + 1`,
    })
    .where("id", "=", bookingId)
    .where("status", "in", ["held", "confirmed"])
    .executeTakeFirst();
  return { outcome: Number(result.numUpdatedRows) === 1 ? "cancelled" : "not-found" };
}

function confirmedBooking(trx: Kysely<Database>, bookingId: string) {
  return trx
    .selectFrom("bookings")
    .select(["starts_at", "ends_at"])
    .where("id", "=", bookingId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
}
