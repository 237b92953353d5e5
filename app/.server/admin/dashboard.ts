import { sql } from "kysely";
import type { Db } from "../core/db/database";
import { addDays, localDateOf, wallClockToInstant } from "../core/zoned-time";
import { countNewMessages } from "./inbox";
import { outboxCounts } from "./outbox-health";
import type { ListName } from "~/lib/lists";

export const leadSeries = ["messages", "subscribers", "waitlist", "orders"] as const;
export type LeadSeries = (typeof leadSeries)[number];

/** One day of the chart: `day` is YYYY-MM-DD, the owner's day (`OWNER_TIME_ZONE`). */
export type LeadDay = { day: string } & Record<LeadSeries, number>;

/** When the owner's `day` begins, as stored times are written (UTC ISO). */
const dayStart = (day: string, zone: string) =>
  new Date(wallClockToInstant(day, 0, zone)).toISOString();

/**
 * How many rows' `column` falls on each of `days` (consecutive, each with its start): the times
 * are read and counted here, since neither database knows the owner's midnights.
 */
async function perDay(
  db: Db,
  table: "contact_messages" | "orders" | ListName,
  column: string,
  days: { day: string; start: string }[],
) {
  const from = table === "newsletter" || table === "waitlist" ? "list_memberships" : table;
  let query = db
    .selectFrom(from)
    .select(sql<string>`${sql.ref(column)}`.as("at"))
    .where(sql.ref(column), ">=", days[0]!.start);
  if (from === "list_memberships") query = query.where(sql.ref("list"), "=", table);
  const counts = new Map<string, number>();
  for (const { at } of await query.execute()) {
    const on = days.findLast((day) => day.start <= at)!.day;
    counts.set(on, (counts.get(on) ?? 0) + 1);
  }
  return counts;
}

/**
 * A membership that left the list after it was on it here: an opt-out imported as one (stamped
 * with the import's time, or dated before it) left elsewhere, not this week.
 */
const leftHere = sql`unsubscribed_at > created_at`;

/**
 * A list's people by where they stand: `subscribed` are confirmed and still on the list (someone
 * who confirmed and left later is not), with the confirmations and the people who left this
 * week (today and the six days before, the owner's days) against the week before.
 */
function listTotals(db: Db, list: ListName, now: Date, zone: string) {
  const today = localDateOf(now.getTime(), zone);
  const weekAgo = dayStart(addDays(today, -6), zone);
  const twoWeeksAgo = dayStart(addDays(today, -13), zone);
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
 * New leads per day for the `days` days ending today, the owner's days in `zone`: messages
 * received, subscribers and waitlist readers confirmed, orders paid.
 */
export async function leadsPerDay(db: Db, now: Date, zone: string, days = 30): Promise<LeadDay[]> {
  const today = localDateOf(now.getTime(), zone);
  const chart = Array.from({ length: days }, (_, index) => {
    const day = addDays(today, index - days + 1);
    return { day, start: dayStart(day, zone) };
  });
  const [messages, subscribers, waitlist, orders] = await Promise.all([
    perDay(db, "contact_messages", "created_at", chart),
    perDay(db, "newsletter", "confirmed_at", chart),
    perDay(db, "waitlist", "confirmed_at", chart),
    perDay(db, "orders", "paid_at", chart),
  ]);
  return chart.map(({ day }) => {
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

/** All-time totals, and where the lists stand now (weeks of the owner's days in `zone`). */
export async function leadTotals(db: Db, now: Date, zone: string) {
  const [messages, subscribers, waitlist, orders] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<string | number>().as("all"))
      .executeTakeFirstOrThrow(),
    listTotals(db, "newsletter", now, zone),
    listTotals(db, "waitlist", now, zone),
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
