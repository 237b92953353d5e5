import { eventsTimeZone } from "~/content/events";
import { addDays } from "../core/zoned-time";
import { foundationsPriceCents } from "~/lib/workshop-schema";
import type { WorkshopEventTable } from "./workshops-tables";

/** Today's date where the events take place, as YYYY-MM-DD. */
export function eventsToday(now: Date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: eventsTimeZone }).format(now);
}

export type CohortTerms = {
  /** What one seat costs today: the early price until its deadline, then the price. */
  priceCents: number;
  listPriceCents: number;
  depositCents: number | null;
  earlyUntil: string | null;
};

/** The price a registration made today pays, and the deposit it may pay instead. */
export function cohortTerms(event: WorkshopEventTable, today: string): CohortTerms {
  const listPriceCents = event.price_cents ?? foundationsPriceCents;
  const early =
    event.early_price_cents !== null &&
    event.early_deadline !== null &&
    today <= event.early_deadline;
  return {
    priceCents: early ? event.early_price_cents! : listPriceCents,
    listPriceCents,
    // From the balance's day on, a deposit would leave a balance already due: the full price only.
    depositCents: today < balanceDueOn(event) ? event.deposit_cents : null,
    earlyUntil: early ? event.early_deadline : null,
  };
}

/** A cohort takes registrations today: seats set, window open, not begun, not cancelled. */
export function isRegistrationOpen(event: WorkshopEventTable, today: string) {
  return (
    event.kind === "Workshop" &&
    event.cancelled_at === null &&
    event.seats !== null &&
    event.start_date > today &&
    (event.registration_opens_on === null || event.registration_opens_on <= today) &&
    (event.registration_closes_on === null || event.registration_closes_on >= today)
  );
}

const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });

/** "May 6–8, 2027", "May 30 – June 1, 2027", or one day "March 13, 2027". */
export function datesLabel(start: string, end: string | null) {
  const first = new Date(`${start}T12:00:00Z`);
  const long = dayFormat({ month: "long", day: "numeric", year: "numeric" });
  if (!end || end === start) return long.format(first);
  const last = new Date(`${end}T12:00:00Z`);
  if (start.slice(0, 7) === end.slice(0, 7)) {
    return `${dayFormat({ month: "long", day: "numeric" }).format(first)}–${last.getUTCDate()}, ${last.getUTCFullYear()}`;
  }
  return `${dayFormat({ month: "long", day: "numeric" }).format(first)} – ${long.format(last)}`;
}

/** The days a cohort runs, first and last included. */
export function dayCount(start: string, end: string | null) {
  if (!end) return 1;
  return (
    Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** What the emails say about a cohort. */
export function cohortFacts(event: WorkshopEventTable) {
  return {
    title: event.title,
    when: datesLabel(event.start_date, event.end_date),
    place: event.venue ? `${event.venue}, ${event.location}` : event.location,
  };
}

/** The day a deposit's balance is asked for: the cohort's `balance_due_days` before its first. */
export function balanceDueOn(event: Pick<WorkshopEventTable, "start_date" | "balance_due_days">) {
  return addDays(event.start_date, -event.balance_due_days);
}

/** The last day a cancellation is refunded in full: the owner's date, else the balance's day. */
export function fullRefundLastDay(
  event: Pick<WorkshopEventTable, "start_date" | "balance_due_days" | "full_refund_until">,
) {
  return event.full_refund_until ?? balanceDueOn(event);
}
