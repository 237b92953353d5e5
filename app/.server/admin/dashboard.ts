import { sql } from "kysely";
import type { Db } from "../core/db/database";
import { countNewMessages } from "./inbox";
import { outboxCounts } from "./outbox-health";
import type { ListName } from "~/lib/lists";

export const leadSeries = ["messages", "subscribers", "waitlist", "orders"] as const;
export type LeadSeries = (typeof leadSeries)[number];

/** One day of the chart: `day` is YYYY-MM-DD (UTC). */
export type LeadDay = { day: string } & Record<LeadSeries, number>;

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

async function perDay(
  db: Db,
  table: "contact_messages" | "orders" | ListName,
  column: string,
  since: string,
) {
  const from = table === "newsletter" || table === "waitlist" ? "list_memberships" : table;
  let query = db
    .selectFrom(from)
    .select((eb) => [dayOf(column).as("day"), eb.fn.countAll<string | number>().as("count")])
    .where(sql.ref(column), ">=", since);
  if (from === "list_memberships") query = query.where(sql.ref("list"), "=", table);
  const rows = await query.groupBy(dayOf(column)).execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

function listTotals(db: Db, list: ListName) {
  return db
    .selectFrom("list_memberships")
    .where("list", "=", list)
    .select((eb) => [
      eb.fn.countAll<string | number>().as("all"),
      eb.fn.count<string | number>("confirmed_at").as("confirmed"),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * New leads per day for the `days` days ending today: messages received, subscribers and waitlist
 * readers confirmed, orders paid. Timestamps are ISO strings, so their first ten characters are
 * the UTC day on SQLite and Postgres alike.
 */
export async function leadsPerDay(db: Db, now: Date, days = 30): Promise<LeadDay[]> {
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1),
  );
  const since = first.toISOString();
  const [messages, subscribers, waitlist, orders] = await Promise.all([
    perDay(db, "contact_messages", "created_at", since),
    perDay(db, "newsletter", "confirmed_at", since),
    perDay(db, "waitlist", "confirmed_at", since),
    perDay(db, "orders", "paid_at", since),
  ]);
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return {
      day,
      messages: messages.get(day) ?? 0,
      subscribers: subscribers.get(day) ?? 0,
      waitlist: waitlist.get(day) ?? 0,
      orders: orders.get(day) ?? 0,
    };
  });
}

const count = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** All-time totals and how many signups went on to confirm. */
export async function leadTotals(db: Db) {
  const [messages, subscribers, waitlist, orders] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<string | number>().as("all"))
      .executeTakeFirstOrThrow(),
    listTotals(db, "newsletter"),
    listTotals(db, "waitlist"),
    db
      .selectFrom("orders")
      .where("status", "=", "paid")
      .select((eb) => [
        eb.fn.countAll<string | number>().as("paid"),
        eb.fn.sum<string | number>("amount_paid_cents").as("revenue"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    messages: count(messages.all),
    subscribers: { signups: count(subscribers.all), confirmed: count(subscribers.confirmed) },
    waitlist: { signups: count(waitlist.all), confirmed: count(waitlist.confirmed) },
    orders: { paid: count(orders.paid), revenueCents: count(orders.revenue) },
  };
}

/** What waits for the owner: unread messages and emails that could not be delivered. */
export async function needsAttention(db: Db) {
  const [newMessages, outbox] = await Promise.all([countNewMessages(db), outboxCounts(db)]);
  return { newMessages, failedEmails: outbox.failed };
}
