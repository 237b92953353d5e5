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

const weekMs = 7 * 86_400_000;

/**
 * A membership that left the list after it was on it here: an opt-out imported as one (stamped
 * with the import's time, or dated before it) left elsewhere, not this week.
 */
const leftHere = sql`unsubscribed_at > created_at`;

/**
 * A list's people by where they stand: `subscribed` are confirmed and still on the list (someone
 * who confirmed and left later is not), with the confirmations and the people who left of the
 * last seven days against the seven before.
 */
function listTotals(db: Db, list: ListName, now: Date) {
  const weekAgo = new Date(now.getTime() - weekMs).toISOString();
  const twoWeeksAgo = new Date(now.getTime() - 2 * weekMs).toISOString();
  const counted = (condition: ReturnType<typeof sql>) =>
    sql<string | number | null>`sum(case when ${condition} then 1 else 0 end)`;
  return db
    .selectFrom("list_memberships")
    .where("list", "=", list)
    .select((eb) => [
      eb.fn.countAll<string | number>().as("all"),
      counted(sql`status = 'confirmed'`).as("subscribed"),
      counted(sql`confirmed_at >= ${weekAgo}`).as("newThisWeek"),
      counted(sql`confirmed_at >= ${twoWeeksAgo} and confirmed_at < ${weekAgo}`).as("newLastWeek"),
      counted(sql`${leftHere} and unsubscribed_at >= ${weekAgo}`).as("lostThisWeek"),
      counted(
        sql`${leftHere} and unsubscribed_at >= ${twoWeeksAgo} and unsubscribed_at < ${weekAgo}`,
      ).as("lostLastWeek"),
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

/** How a list stands: subscribed now out of every signup, and this week's movement. */
export type ListStanding = {
  signups: number;
  subscribed: number;
  week: { new: number; lost: number };
  lastWeek: { new: number; lost: number };
};

function standing(row: Awaited<ReturnType<typeof listTotals>>): ListStanding {
  return {
    signups: count(row.all),
    subscribed: count(row.subscribed),
    week: { new: count(row.newThisWeek), lost: count(row.lostThisWeek) },
    lastWeek: { new: count(row.newLastWeek), lost: count(row.lostLastWeek) },
  };
}

/** All-time totals, and where the lists stand now. */
export async function leadTotals(db: Db, now: Date) {
  const [messages, subscribers, waitlist, orders] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<string | number>().as("all"))
      .executeTakeFirstOrThrow(),
    listTotals(db, "newsletter", now),
    listTotals(db, "waitlist", now),
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
    subscribers: standing(subscribers),
    waitlist: standing(waitlist),
    orders: { paid: count(orders.paid), revenueCents: count(orders.revenue) },
  };
}

/**
 * What waits for the owner: unread messages, emails that could not be delivered and emails that
 * may not have gone out.
 */
export async function needsAttention(db: Db) {
  const [newMessages, outbox] = await Promise.all([countNewMessages(db), outboxCounts(db)]);
  return { newMessages, failedEmails: outbox.failed, uncertainEmails: outbox.uncertain };
}
