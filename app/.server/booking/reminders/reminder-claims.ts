import type { Kysely } from "kysely";
import type { BookingReminderTable } from "../booking-tables";
import type { Database } from "../../core/db/schema";

export type SessionReminder = "24h" | "1h";

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
/** Each reminder's window: from `lead` before the start until the next, shorter one is due. */
export const sessionReminders: { reminder: SessionReminder; leadMs: number; untilMs: number }[] = [
  { reminder: "24h", leadMs: 24 * hourMs, untilMs: hourMs },
  { reminder: "1h", leadMs: hourMs, untilMs: 0 },
];
/** Claims the row of a reminder; false when another instance (or an earlier run) has it. */
export async function claimReminder(
  trx: Kysely<Database>,
  row: Omit<BookingReminderTable, "created_at">,
  now: Date,
) {
  const result = await trx
    .insertInto("booking_reminders")
    .values({ ...row, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(["subject_id", "reminder", "due_for"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * A confirmation or a move email sent inside a reminder's window already tells the booker what
 * the reminder would: that reminder is marked covered, not sent a minute later.
 */
export async function coverOpenReminders(
  trx: Kysely<Database>,
  booking: { id: string; starts_at: string },
  now: Date,
) {
  const untilStart = Date.parse(booking.starts_at) - now.getTime();
  for (const { reminder, leadMs } of sessionReminders)
    if (untilStart <= leadMs)
      await claimReminder(
        trx,
        { subject_id: booking.id, reminder, due_for: booking.starts_at, outcome: "covered" },
        now,
      );
}
