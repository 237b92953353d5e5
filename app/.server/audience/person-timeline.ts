import type { PersonRecord } from "./person-record";

/** One thing that happened with a person, for their page. */
export type TimelineEvent = {
  at: string;
  kind: "list" | "message" | "order" | "email";
  title: string;
  detail?: string;
  /** Where the record of it is, when it has a page of its own. */
  href?: string;
};

const cents = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 100,
  );

/** A person's whole history, oldest first. */
export function personTimeline(record: PersonRecord): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const { newsletter, waitlist } = record;
  if (newsletter) {
    const interests = (JSON.parse(newsletter.interests) as string[]).join(", ");
    events.push({
      at: newsletter.consented_at,
      kind: "list",
      title: `Signed up for the newsletter on ${newsletter.source}`,
      detail: `Consent: “${newsletter.consent_text}”${interests ? ` · interests: ${interests}` : ""}`,
    });
    if (newsletter.confirmed_at) {
      events.push({ at: newsletter.confirmed_at, kind: "list", title: "Confirmed the newsletter" });
    }
    if (newsletter.unsubscribed_at) {
      events.push({
        at: newsletter.unsubscribed_at,
        kind: "list",
        title: "Unsubscribed from the newsletter",
      });
    }
  }
  if (waitlist) {
    events.push({ at: waitlist.created_at, kind: "list", title: "Joined the waitlist" });
    if (waitlist.confirmed_at) {
      events.push({ at: waitlist.confirmed_at, kind: "list", title: "Confirmed the waitlist" });
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
