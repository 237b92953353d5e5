import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import { cohortConsole } from "./workshop-console";

/** The columns of a cohort's attendee CSV, in order. */
export const attendeeColumns = [
  "name",
  "email",
  "status",
  "payment",
  "price_usd",
  "first_payment_usd",
  "balance_paid_usd",
  "balance_due_usd",
  "refunded_usd",
  "credit_usd",
  "registered_at",
  "paid_at",
] as const;

type AttendeeRow = Record<(typeof attendeeColumns)[number], string | number | null>;

const usd = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** Every registration of a cohort as the owner's spreadsheet wants it: one row per attendee. */
export async function* cohortAttendeeRows(
  db: Kysely<Database>,
  eventId: string,
): AsyncGenerator<AttendeeRow> {
  const { attendees } = await cohortConsole(db, eventId);
  for (const attendee of attendees) {
    yield {
      name: attendee.name,
      email: attendee.email,
      status: attendee.status,
      payment: attendee.payment,
      price_usd: usd(attendee.price_cents),
      first_payment_usd: usd(attendee.depositCents),
      balance_paid_usd: usd(attendee.balance_paid_cents),
      balance_due_usd: usd(attendee.balanceCents),
      refunded_usd: usd(attendee.refunded_cents),
      credit_usd: usd(attendee.credit_cents),
      registered_at: attendee.created_at,
      paid_at: attendee.paid_at,
    };
  }
}
