import { loadBusyTimes } from "../owner-calendar/busy-times";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../core/db/schema";
import type { ServiceDeps } from "../../core/service-deps";
import { loadAvailabilityRules } from "../slots/availability-store";
import { queueBookingCancelled, queueBookingRescheduled } from "../booking-emails";
import { blockedMinutes, heldTimes, takeBookingLock } from "../slots/claim-slot";
import { freeSlots, type Slot } from "../slots/slots";

export type RescheduleOutcome =
  | { outcome: "rescheduled" }
  /** The session already has that time: nothing changed, nothing is sent. */
  | { outcome: "unchanged" }
  | { outcome: "not-found" }
  | { outcome: "taken" | "unavailable"; slots: Slot[] };

type ChangeDeps = Pick<ServiceDeps, "db" | "clock" | "config">;
/** More writes of the change's transaction (the owner's audit entry). */
type AfterChange = (trx: Kysely<Database>) => Promise<void>;

/**
 * Moves a confirmed session to another free slot of the same length, under the booking lock like
 * a claim. Its invite keeps the UID and its SEQUENCE rises, so calendars replace the event; the
 * booker is emailed the new time in the same transaction. A move to the time it already has is
 * no move (`unchanged`). The update is conditional on the start it read, so of identical posts
 * racing, only the one that changed the row raises the SEQUENCE and queues the emails.
 */
export async function rescheduleBooking(
  deps: ChangeDeps,
  { bookingId, start }: { bookingId: string; start: number },
  afterChange: AfterChange = async () => {},
): Promise<RescheduleOutcome> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const rules = await loadAvailabilityRules(db, config);
  return db.transaction().execute(async (trx) => {
    await takeBookingLock(trx, now);
    const booking = await confirmedBooking(trx, bookingId);
    if (!booking) return { outcome: "not-found" } as const;
    if (Date.parse(booking.starts_at) === start) return { outcome: "unchanged" } as const;
    const durationMinutes = (Date.parse(booking.ends_at) - Date.parse(booking.starts_at)) / 60_000;
    const busy = await loadBusyTimes(trx);
    const query = { rules, durationMinutes, now: now.getTime(), busy };
    const held = await heldTimes(trx, now, rules.horizonDays, bookingId);
    const open = freeSlots({ ...query, held });
    if (!open.some((slot) => slot.start === start)) {
      const offered = freeSlots({ ...query, held: [] }).some((slot) => slot.start === start);
      return { outcome: offered ? "taken" : "unavailable", slots: open } as const;
    }
    const end = start + durationMinutes * 60_000;
    const moved = await trx
      .updateTable("bookings")
      .set({
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
        ...blockedMinutes(start, end, rules),
        invite_sequence: sql<number>`invite_sequence + 1`,
        updated_at: now.toISOString(),
      })
      .where("id", "=", bookingId)
      .where("status", "=", "confirmed")
      .where("starts_at", "=", booking.starts_at)
      .executeTakeFirst();
    // Another post changed it first: this one sees its result and changes nothing more.
    if (Number(moved.numUpdatedRows) !== 1) return { outcome: "unchanged" } as const;
    await queueBookingRescheduled(trx, deps, bookingId);
    await afterChange(trx);
    return { outcome: "rescheduled" } as const;
  });
}

/**
 * Cancels a session: its time is free again, and its invite becomes a CANCEL with a higher
 * SEQUENCE. A confirmed session's booker is emailed; an unconfirmed hold was never theirs.
 */
export async function cancelBooking(
  deps: ChangeDeps,
  bookingId: string,
  afterChange: AfterChange = async () => {},
): Promise<{ outcome: "cancelled" | "not-found" }> {
  const at = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", bookingId)
      .executeTakeFirst();
    const result = await trx
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
    if (Number(result.numUpdatedRows) !== 1) return { outcome: "not-found" } as const;
    if (before?.status === "confirmed") await queueBookingCancelled(trx, deps, bookingId);
    await afterChange(trx);
    return { outcome: "cancelled" } as const;
  });
}

function confirmedBooking(trx: Kysely<Database>, bookingId: string) {
  return trx
    .selectFrom("bookings")
    .select(["starts_at", "ends_at"])
    .where("id", "=", bookingId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
}
