import { createHash, randomBytes } from "node:crypto";
import ical from "ical-generator";
import { recordAdminAction } from "../../core/audit-log";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { loadBookingCalendar, updateBookingCalendar } from "./booking-calendar-store";
import { addBookingEvent } from "../sessions/calendar-invite";
import { inviteDetails } from "../sessions/invite-file";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** Sessions that ended longer ago than this leave the feed. */
const pastDays = 90;
/** Feed reads per visitor address per 10 minutes: calendars poll every few minutes at most. */
const feedReadLimit = 30;
const dayMs = 24 * 60 * 60_000;

/** What the database keeps of the feed's token: a leaked table does not open the feed. */
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export type OwnerFeedOutcome =
  | { outcome: "feed"; body: string }
  | { outcome: "not-found" }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

/**
 * The owner's private feed (text/calendar) for their own calendar app: every confirmed, done or
 * missed session from 90 days back on, and cancelled ones as STATUS:CANCELLED so a subscribed
 * calendar drops them. Each event has its invites' UID and SEQUENCE, and names the person.
 */
export async function ownerFeed(
  deps: Deps,
  { token, clientAddress }: { token: string; clientAddress: string },
): Promise<OwnerFeedOutcome> {
  const limited = await checkRateLimits(deps, {
    bucket: "booking-feed",
    keys: [`ip:${clientAddress}`],
    limit: feedReadLimit,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const row = await loadBookingCalendar(deps.db);
  if (!row?.feed_token_hash || token.length > 100 || tokenHash(token) !== row.feed_token_hash)
    return { outcome: "not-found" };
  const now = deps.clock.now();
  const bookings = await deps.db
    .selectFrom("bookings")
    .selectAll()
    .where("status", "in", ["confirmed", "completed", "no_show", "cancelled"])
    .where("ends_at", ">=", new Date(now.getTime() - pastDays * dayMs).toISOString())
    .orderBy("starts_at")
    .execute();
  const calendar = ical({
    name: "Booked sessions",
    prodId: { company: new URL(deps.config.SITE_URL).host, product: "booking", language: "EN" },
    ttl: 15 * 60,
  });
  for (const booking of bookings) {
    const details = inviteDetails(booking, deps.config, now);
    const person = `${booking.name} <${booking.email}>`;
    addBookingEvent(
      calendar,
      {
        ...details,
        title: `${details.title}: ${booking.name}`,
        description: [person, `Their time zone: ${booking.time_zone}`, details.description]
          .concat(booking.order_id ? [`Order ${booking.order_id}`] : [])
          .join("\n"),
      },
      booking.status === "cancelled" ? "cancelled" : "confirmed",
    );
  }
  return { outcome: "feed", body: calendar.toString() };
}

/**
 * Makes the feed a new secret address; the old one (if any) stops working at once. The address
 * is returned this once: only its hash is kept.
 */
export async function newFeedAddress(
  { db, clock, config }: Deps,
  actor: string,
): Promise<{ feedUrl: string }> {
  const token = randomBytes(32).toString("base64url");
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await updateBookingCalendar(
      trx,
      { feed_token_hash: tokenHash(token), feed_created_at: now.toISOString() },
      now,
    );
    await recordAdminAction(trx, { actor, action: "booking.feed-address", now });
  });
  return { feedUrl: `${config.SITE_URL}/booking/feed/${token}.ics` };
}

/** Turns the feed off: its address answers 404 from now on. */
export async function stopFeed({ db, clock }: Deps, actor: string) {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await updateBookingCalendar(trx, { feed_token_hash: null, feed_created_at: null }, now);
    await recordAdminAction(trx, { actor, action: "booking.feed-stopped", now });
  });
}
