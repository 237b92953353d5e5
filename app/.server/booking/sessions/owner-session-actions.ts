import type { Kysely } from "kysely";
import { recordAdminAction } from "../../core/audit-log";
import type { Database } from "../../core/db/schema";
import type { ServiceDeps } from "../../core/service-deps";
import { cancelBooking, rescheduleBooking } from "./reschedule-and-cancel";
import type { Slot } from "../slots/slots";

export const ownerIntents = ["cancel", "reschedule", "complete", "no-show", "note"] as const;
export type OwnerIntent = (typeof ownerIntents)[number];

export type OwnerChangeOutcome =
  | { outcome: "done"; intent: OwnerIntent }
  | { outcome: "invalid"; error: string }
  /** The session is not in a state this change applies to (already cancelled, not started...). */
  | { outcome: "not-applicable" }
  | { outcome: "not-found" }
  /** A move to the session's own time: nothing changed. */
  | { outcome: "unchanged" }
  | { outcome: "taken" | "unavailable"; slots: Slot[] };

const maxNoteLength = 2000;

/**
 * The owner's change to a session, with a note kept on it and an audit entry in the same
 * transaction: cancel or move (the booker is emailed the updated invite link), mark a session
 * that has started as done or a no-show, or only keep the note.
 */
export async function changeSessionAsOwner(
  deps: Pick<ServiceDeps, "db" | "clock" | "config" | "outbox">,
  {
    bookingId,
    intent,
    note,
    start,
    actor,
  }: { bookingId: string; intent: string; note: string; start: string; actor: string },
): Promise<OwnerChangeOutcome> {
  const chosen = ownerIntents.find((known) => known === intent);
  if (!chosen) return { outcome: "invalid", error: "Choose what to do with the session." };
  const trimmed = note.trim();
  if (trimmed.length > maxNoteLength)
    return { outcome: "invalid", error: `Keep the note to ${maxNoteLength} characters.` };
  const now = deps.clock.now();
  const record = async (trx: Kysely<Database>) => {
    if (trimmed) await keepNote(trx, bookingId, trimmed, now);
    await recordAdminAction(trx, {
      actor,
      action: `booking.${chosen}`,
      subject: bookingId,
      detail: chosen === "reschedule" ? { start } : {},
      now,
    });
  };

  if (chosen === "cancel") {
    const result = await cancelBooking(deps, bookingId, record);
    if (result.outcome === "not-found") return notApplicableOrMissing(deps, bookingId);
    deps.outbox.wake();
    return { outcome: "done", intent: chosen };
  }
  if (chosen === "reschedule") {
    const at = Date.parse(start);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(start) || Number.isNaN(at))
      return { outcome: "invalid", error: "Choose the new time from the list." };
    const result = await rescheduleBooking(deps, { bookingId, start: at }, record);
    if (result.outcome === "not-found") return notApplicableOrMissing(deps, bookingId);
    if (result.outcome !== "rescheduled") return result;
    deps.outbox.wake();
    return { outcome: "done", intent: chosen };
  }
  return deps.db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom("bookings")
      .select(["status", "starts_at"])
      .where("id", "=", bookingId)
      .executeTakeFirst();
    if (!booking) return { outcome: "not-found" } as const;
    if (chosen === "note") {
      if (!trimmed) return { outcome: "invalid", error: "Write the note first." } as const;
    } else {
      // Done or no-show: only once the session has begun, and only from confirmed.
      if (booking.status !== "confirmed" || Date.parse(booking.starts_at) > now.getTime())
        return { outcome: "not-applicable" } as const;
      await trx
        .updateTable("bookings")
        .set({
          status: chosen === "complete" ? "completed" : "no_show",
          updated_at: now.toISOString(),
        })
        .where("id", "=", bookingId)
        .where("status", "=", "confirmed")
        .execute();
    }
    await record(trx);
    return { outcome: "done", intent: chosen } as const;
  });
}

async function keepNote(trx: Kysely<Database>, bookingId: string, note: string, now: Date) {
  await trx
    .updateTable("bookings")
    .set({ owner_note: note, updated_at: now.toISOString() })
    .where("id", "=", bookingId)
    .execute();
}

async function notApplicableOrMissing(
  { db }: Pick<ServiceDeps, "db">,
  bookingId: string,
): Promise<OwnerChangeOutcome> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("id", "=", bookingId)
    .executeTakeFirst();
  return { outcome: row ? "not-applicable" : "not-found" };
}
