import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { BookingKind } from "../booking-tables";
import type { Database } from "../../core/db/schema";
import { rememberPerson } from "../../audience";
import type { AvailabilityRules } from "./availability-rules";
import { freeSlots, type BusyTime, type HeldTime, type Slot } from "./slots";
import { addDays, localDateOf, wallClockToInstant } from "../../core/zoned-time";

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** Who books which time. `holdMinutes` leaves a free booking unconfirmed for that long. */
export type SlotRequest = {
  kind: BookingKind;
  start: number;
  durationMinutes: number;
  name: string;
  email: string;
  timeZone: string;
  /** The page the booking came from, for the person's record. */
  source: string;
  meetingUrl: string;
  orderId?: string;
  holdMinutes?: number;
};

export type ClaimOutcome =
  | { outcome: "claimed"; bookingId: string }
  /** The time was free a moment ago and another booking has it now. */
  | { outcome: "taken"; slots: Slot[] }
  /** The time was never offered: outside the hours, in the past, inside the notice. */
  | { outcome: "unavailable"; slots: Slot[] }
  | { outcome: "order-already-booked" };

/** Any number fixed for the app: Postgres claims queue on this advisory lock. */
const bookingLockKey = 230_401;

/**
 * Claims a slot in one transaction that re-checks it under a lock: Postgres takes an advisory lock,
 * SQLite's first statement is a write (sweeping lapsed holds), which takes its one write lock.
 * Under the lock the slot must still be among the free slots computed from the sessions that hold
 * time now. The schema refuses overlapping held time whatever the code does (migration 401); a
 * refusal there reads as `taken` too.
 */
export async function claimSlot(
  db: Kysely<Database>,
  { rules, busy, now }: { rules: AvailabilityRules; busy: readonly BusyTime[]; now: Date },
  request: SlotRequest,
  /** More writes of the same transaction (the emails the booking sends). */
  afterClaim: (trx: Kysely<Database>, bookingId: string) => Promise<void> = async () => {},
): Promise<ClaimOutcome> {
  const query = { rules, busy, now: now.getTime(), durationMinutes: request.durationMinutes };
  const day = claimedDay(request.start, rules.timeZone);
  const dayQuery = {
    ...query,
    busy: busy.filter(({ start, end }) => end > day.from && start < day.until),
    onDate: day.date,
  };
  let outcome:
    | { outcome: "claimed"; bookingId: string }
    | { outcome: "taken" | "unavailable" | "order-already-booked" };
  try {
    outcome = await db.transaction().execute(async (trx) => {
      await takeBookingLock(trx, now);
      const held = await heldTimesBetween(trx, now, day.from, day.until);
      if (!freeSlots({ ...dayQuery, held }).some((slot) => slot.start === request.start)) {
        const offered = freeSlots({ ...dayQuery, held: [] });
        const taken = offered.some((slot) => slot.start === request.start);
        return { outcome: taken ? "taken" : "unavailable" } as const;
      }
      if (request.orderId && (await orderHasSession(trx, request.orderId)))
        return { outcome: "order-already-booked" } as const;
      const bookingId = randomUUID();
      const personId = await rememberPerson(trx, {
        email: request.email,
        firstName: request.name,
        source: request.source,
        now,
      });
      await trx
        .insertInto("bookings")
        .values(bookingRow(bookingId, { ...request, personId }, rules, now))
        .execute();
      await afterClaim(trx, bookingId);
      return { outcome: "claimed", bookingId } as const;
    });
  } catch (error) {
    const refusal = schemaRefusal(error);
    if (!refusal) throw error;
    outcome = { outcome: refusal };
  }
  if (outcome.outcome === "claimed") return outcome;
  if (outcome.outcome === "order-already-booked") return { outcome: outcome.outcome };
  // The whole horizon's fresh slots, computed after the lock is let go.
  const held = await heldTimes(db, now, rules.horizonDays);
  return { outcome: outcome.outcome, slots: freeSlots({ ...query, held }) };
}

/**
 * The owner's date a requested start falls on (the only date whose hours can offer it), and the
 * stretch of sessions and busy events that can bear on it: that date with a day either side, for
 * buffers and the zone's offset.
 */
function claimedDay(start: number, timeZone: string) {
  const date = localDateOf(start, timeZone);
  return {
    date,
    from: wallClockToInstant(date, 0, timeZone) - dayMs,
    until: wallClockToInstant(addDays(date, 1), 0, timeZone) + dayMs,
  };
}

function bookingRow(
  id: string,
  request: SlotRequest & { personId: string },
  rules: AvailabilityRules,
  now: Date,
) {
  const end = request.start + request.durationMinutes * minuteMs;
  const at = now.toISOString();
  return {
    id,
    kind: request.kind,
    status: request.holdMinutes ? ("held" as const) : ("confirmed" as const),
    starts_at: new Date(request.start).toISOString(),
    ends_at: new Date(end).toISOString(),
    ...blockedMinutes(request.start, end, rules),
    hold_expires_at: request.holdMinutes
      ? new Date(now.getTime() + request.holdMinutes * minuteMs).toISOString()
      : null,
    order_id: request.orderId ?? null,
    person_id: request.personId,
    name: request.name,
    email: request.email,
    time_zone: request.timeZone,
    meeting_url: request.meetingUrl,
    invite_sequence: 0,
    created_at: at,
    updated_at: at,
    confirmed_at: request.holdMinutes ? null : at,
  };
}

/** The held range the schema compares: the session with the buffers around it, in minutes. */
export function blockedMinutes(start: number, end: number, rules: AvailabilityRules) {
  return {
    blocked_from_minute: Math.floor(start / minuteMs) - rules.bufferBeforeMinutes,
    blocked_until_minute: Math.ceil(end / minuteMs) + rules.bufferAfterMinutes,
  };
}

/**
 * Serialises every change to held time: call first in the transaction. It also lapses
 * unconfirmed holds whose time is up, so their slots are free again.
 */
export async function takeBookingLock(trx: Kysely<Database>, now: Date) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`SELECT pg_advisory_xact_lock(${bookingLockKey})`.execute(trx);
  const at = now.toISOString();
  await trx
    .updateTable("bookings")
    .set({ status: "expired", updated_at: at })
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", at)
    .execute();
}

/** Sessions holding time from a day ago to the horizon (a day's margin for long buffers). */
export function heldTimes(
  db: Kysely<Database>,
  now: Date,
  horizonDays: number,
  /** A session being moved does not stand in its own way. */
  exceptBookingId?: string,
): Promise<HeldTime[]> {
  const from = now.getTime() - dayMs;
  const until = now.getTime() + (horizonDays + 1) * dayMs;
  return heldTimesBetween(db, now, from, until, exceptBookingId);
}

/** Sessions whose held time meets [from, until) (instants in milliseconds). */
async function heldTimesBetween(
  db: Kysely<Database>,
  now: Date,
  from: number,
  until: number,
  exceptBookingId?: string,
): Promise<HeldTime[]> {
  const fromMinute = Math.floor(from / minuteMs);
  const untilMinute = Math.ceil(until / minuteMs);
  const rows = await db
    .selectFrom("bookings")
    .select(["starts_at", "blocked_from_minute", "blocked_until_minute"])
    .where("status", "not in", ["cancelled", "expired"])
    .where((eb) =>
      eb.or([eb("status", "<>", "held"), eb("hold_expires_at", ">", now.toISOString())]),
    )
    .where("blocked_until_minute", ">", fromMinute)
    .where("blocked_from_minute", "<", untilMinute)
    .$if(exceptBookingId !== undefined, (query) => query.where("id", "<>", exceptBookingId!))
    .execute();
  return rows.map((row) => ({
    start: Date.parse(row.starts_at),
    blockedFrom: row.blocked_from_minute * minuteMs,
    blockedUntil: row.blocked_until_minute * minuteMs,
  }));
}

async function orderHasSession(trx: Kysely<Database>, orderId: string) {
  const row = await trx
    .selectFrom("bookings")
    .select("id")
    .where("order_id", "=", orderId)
    .where("status", "not in", ["cancelled", "expired"])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The schema's own refusals: held time overlapping (Postgres's exclusion constraint, SQLite's
 * trigger) or a second session for an order (the unique index, on both).
 */
function schemaRefusal(error: unknown): "taken" | "order-already-booked" | undefined {
  const { code, constraint, message } = (error ?? {}) as Record<string, unknown>;
  const text = typeof message === "string" ? message : "";
  if (code === "23P01" || text.includes("bookings_no_overlap")) return "taken";
  if (constraint === "bookings_one_per_order" || text.includes("bookings.order_id"))
    return "order-already-booked";
  return undefined;
}
