import type { Kysely } from "kysely";
import type { AppConfig } from "../../core/config";
import type { Database } from "../../core/db/schema";
import { loadAvailabilityRules } from "./availability-store";
import { loadBusyTimes } from "../owner-calendar/busy-times";
import { heldTimes } from "./claim-slot";
import { freeSlots, type Slot } from "./slots";

/**
 * The free times a session could move to: its own length, its own time not in its way, and not
 * its own time itself (a move to it would change nothing).
 */
export async function slotsToMoveTo(
  db: Kysely<Database>,
  config: Pick<AppConfig, "BOOKING_TIME_ZONE" | "INTRO_CALL_MINUTES">,
  { bookingId, minutes, now }: { bookingId: string; minutes: number; now: Date },
): Promise<Slot[]> {
  const rules = await loadAvailabilityRules(db, config);
  const held = await heldTimes(db, now, rules.horizonDays, bookingId);
  const current = await db
    .selectFrom("bookings")
    .select("starts_at")
    .where("id", "=", bookingId)
    .executeTakeFirst();
  const currentStart = current ? Date.parse(current.starts_at) : Number.NaN;
  return freeSlots({
    rules,
    durationMinutes: minutes,
    now: now.getTime(),
    held,
    busy: await loadBusyTimes(db),
  }).filter((slot) => slot.start !== currentStart);
}
