import { emitPersonEvent } from "../../core/person-events";
import type { Kysely } from "kysely";
import { recordAttribution, recordBookingEvent, type VisitSource } from "../../analytics";
import type { Database } from "../../core/db/schema";

/**
 * A session booked (a paid one at once, a free one when its email confirms it) counts as the
 * `booking` conversion: its server event and its attribution, in the booking's transaction. A
 * free call's source was kept on its row when it was asked for.
 */
export async function recordBookingConversion(
  trx: Kysely<Database>,
  { bookingId, source, now }: { bookingId: string; source?: VisitSource; now: Date },
) {
  const booking = await trx
    .selectFrom("bookings")
    .select(["kind", "person_id", "visit_source"])
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
  const kept = booking.visit_source ? (JSON.parse(booking.visit_source) as VisitSource) : undefined;
  await recordBookingEvent(trx, {
    at: now,
    path: booking.kind === "intro" ? "/booking" : "/booking/session",
    item: booking.kind,
  });
  await recordAttribution(trx, {
    conversion: "booking",
    subjectId: bookingId,
    personId: booking.person_id,
    source: source ?? kept,
    at: now,
  });
  // A session booked: the email sequences start or end on it (wired, decision 170).
  if (booking.person_id)
    await emitPersonEvent(trx, { kind: "session-booked", personId: booking.person_id, now });
}

/** Keeps a free call's source on its row until its confirmation credits it. */
export async function keepVisitSource(
  trx: Kysely<Database>,
  bookingId: string,
  source: VisitSource | undefined,
) {
  if (!source) return;
  await trx
    .updateTable("bookings")
    .set({ visit_source: JSON.stringify(source) })
    .where("id", "=", bookingId)
    .execute();
}
