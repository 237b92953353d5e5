import type { Insertable } from "kysely";
import type { WorkshopEventTable } from "~/.server/workshops/workshops-tables";

/**
 * A Foundations cohort row for the workshop HTTP suites: June 4–6 2030 in Boulder, ten seats,
 * $14,495 with a $2,500 deposit; each suite names what it changes.
 */
export function workshopCohort(
  cohort: Pick<Insertable<WorkshopEventTable>, "id"> & Partial<Insertable<WorkshopEventTable>>,
): Insertable<WorkshopEventTable> {
  const now = new Date().toISOString();
  return {
    kind: "Workshop",
    title: "Presence-Based Selling Foundations",
    description: "The 3-day workshop.",
    location: "Boulder, CO",
    venue: null,
    start_date: "2030-06-04",
    end_date: "2030-06-06",
    seats: 10,
    held: 0,
    sold: 0,
    price_cents: 1_449_500,
    deposit_cents: 250_000,
    early_price_cents: null,
    early_deadline: null,
    registration_opens_on: null,
    registration_closes_on: null,
    invite_sequence: 0,
    balance_due_days: 30,
    full_refund_until: null,
    created_at: now,
    updated_at: now,
    ...cohort,
  };
}
