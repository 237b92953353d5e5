import type { Kysely } from "kysely";
import type { BookingCalendarTable } from "../booking-tables";
import type { Database } from "../../core/db/schema";

/** The one row of `booking_calendar`: a single owner has a single calendar. */
export const calendarRow = "owner";

/** The owner's calendar settings, or undefined until the owner sets one. */
export function loadBookingCalendar(db: Kysely<Database>) {
  return db
    .selectFrom("booking_calendar")
    .selectAll()
    .where("id", "=", calendarRow)
    .executeTakeFirst();
}

/** Changes the row, making it first if there is none yet. */
export async function updateBookingCalendar(
  db: Kysely<Database>,
  changes: Partial<Omit<BookingCalendarTable, "id" | "updated_at">>,
  now: Date,
) {
  const values = { ...changes, updated_at: now.toISOString() };
  await db
    .insertInto("booking_calendar")
    .values({ id: calendarRow, busy_times: "[]", ...values })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
    .execute();
}
