import type { PersonRecord } from "./person-record";

/** One thing that happened with a person, for their page. */
export type TimelineEvent = {
  at: string;
  /** `delivery`: bounces, complaints and lifts, which deliverability adds from above. */
  kind: "list" | "message" | "order" | "email" | "booking" | "workshop" | "delivery";
  title: string;
  detail?: string;
  /** Where the record of it is, when it has a page of its own. */
  href?: string;
};

const cents = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 100,
  );

const listJoined = {
  newsletter: "Signed up for the newsletter",
  waitlist: "Joined the waitlist",
} as const;

/** A person's whole history, oldest first. */
export function personTimeline(record: PersonRecord): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const membership of record.memberships) {
    const { list } = membership;
    const interests = (JSON.parse(membership.interests) as string[]).join(", ");
    events.push({
      at: membership.consented_at,
      kind: "list",
      title: `${listJoined[list]} on ${membership.source}`,
      detail: `Consent: “${membership.consent_text}”${interests ? ` · interests: ${interests}` : ""}`,
    });
    if (membership.confirmed_at) {
      events.push({ at: membership.confirmed_at, kind: "list", title: `Confirmed the ${list}` });
    }
    if (membership.unsubscribed_at) {
      events.push({ at: membership.unsubscribed_at, kind: "list", title: `Left the ${list}` });
    }
  }
  for (const message of record.messages) {
    events.push({
      at: message.created_at,
      kind: "message",
      title: `Sent a message about ${message.interest} (${message.status})`,
      detail: message.message,
      href: `/admin/inbox/${message.id}`,
    });
  }
  for (const order of record.orders) {
    const items = (JSON.parse(order.items) as { name?: string }[])
      .map((item) => item.name)
      .filter(Boolean);
    events.push({
      at: order.created_at,
      kind: "order",
      title: `Order ${order.status}: ${cents(order.amount_total_cents, order.currency)}`,
      detail: items.join(", ") || undefined,
    });
  }
  for (const booking of record.bookings) {
    const session = booking.kind === "breakthrough" ? "a Sales Breakthrough Hour" : "an intro call";
    events.push({
      at: booking.created_at,
      kind: "booking",
      title: `Booked ${session} for ${booking.starts_at.slice(0, 16).replace("T", " ")} UTC (${booking.status.replace("_", "-")})`,
      detail: booking.cancelled_at
        ? `Cancelled ${booking.cancelled_at.slice(0, 16).replace("T", " ")} UTC`
        : undefined,
      href: `/admin/booking/${booking.id}`,
    });
  }
  for (const registration of record.registrations) {
    events.push({
      at: registration.created_at,
      kind: "workshop",
      title: `Registered for ${registration.title}, starting ${registration.start_date} (${registration.status})`,
      detail:
        [
          registration.amount_paid_cents > 0
            ? `Paid ${cents(registration.amount_paid_cents, "usd")}`
            : "",
          registration.source ? `came from ${registration.source}` : "",
        ]
          .filter(Boolean)
          .join(", ") || undefined,
      href: `/admin/workshops/${registration.event_id}`,
    });
  }
  for (const email of record.emails) {
    events.push({
      at: email.created_at,
      kind: "email",
      title: `Email “${email.subject}” — ${email.status}`,
      detail: email.status === "failed" ? (email.last_error ?? undefined) : undefined,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
