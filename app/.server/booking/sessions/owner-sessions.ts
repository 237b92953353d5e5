import type { BookingStatus } from "../booking-tables";
import type { Db } from "../../core/db/database";
import type { ServiceDeps } from "../../core/service-deps";
import { bookedSession } from "./session-kinds";
import { sessionTimeLabel, slotDays } from "../slots/slot-labels";
import { slotsToMoveTo } from "../slots/move-slots";
import { unbookedPaidOrders } from "./unbooked-orders";

/** A session as the console lists it, its time written in the owner's zone. */
export type OwnerSession = {
  id: string;
  title: string;
  minutes: number;
  status: BookingStatus;
  when: string;
  startsAt: string;
  name: string;
  email: string;
  personId: string | null;
  orderId: string | null;
  note: string | null;
};

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

const sessionColumns = [
  "id",
  "kind",
  "status",
  "starts_at",
  "ends_at",
  "name",
  "email",
  "person_id",
  "order_id",
  "owner_note",
] as const;

type SessionRow = {
  id: string;
  kind: "intro" | "breakthrough";
  status: BookingStatus;
  starts_at: string;
  ends_at: string;
  name: string;
  email: string;
  person_id: string | null;
  order_id: string | null;
  owner_note: string | null;
};

function asOwnerSession(row: SessionRow, zone: string): OwnerSession {
  const kind = bookedSession(row);
  return {
    id: row.id,
    title: kind.title,
    minutes: kind.minutes,
    status: row.status,
    when: sessionTimeLabel(new Date(row.starts_at), zone),
    startsAt: row.starts_at,
    name: row.name,
    email: row.email,
    personId: row.person_id,
    orderId: row.order_id,
    note: row.owner_note,
  };
}

/** Sessions not yet over (soonest first) and those that are, or were called off (latest first). */
export async function ownerSessions({ db, clock, config }: Deps, limit = 50) {
  const now = clock.now().toISOString();
  const zone = config.BOOKING_TIME_ZONE;
  const [upcoming, past] = await Promise.all([
    db
      .selectFrom("bookings")
      .select(sessionColumns)
      .where("status", "in", ["held", "confirmed"])
      .where("ends_at", ">", now)
      .orderBy("starts_at")
      .limit(limit)
      .execute(),
    db
      .selectFrom("bookings")
      .select(sessionColumns)
      .where((eb) =>
        eb.or([
          eb("status", "in", ["cancelled", "completed", "no_show"]),
          eb.and([eb("status", "=", "confirmed"), eb("ends_at", "<=", now)]),
        ]),
      )
      .orderBy("starts_at", "desc")
      .limit(limit)
      .execute(),
  ]);
  return {
    upcoming: upcoming.map((row) => asOwnerSession(row, zone)),
    past: past.map((row) => asOwnerSession(row, zone)),
  };
}

/** The next sessions that will take place, for the dashboard. */
export async function nextSessions({ db, clock, config }: Deps, limit = 5) {
  const rows = await db
    .selectFrom("bookings")
    .select(sessionColumns)
    .where("status", "=", "confirmed")
    .where("ends_at", ">", clock.now().toISOString())
    .orderBy("starts_at")
    .limit(limit)
    .execute();
  return rows.map((row) => asOwnerSession(row, config.BOOKING_TIME_ZONE));
}

/**
 * One session for its console page, with the free times it could move to (its own length, its
 * own time not in its way), grouped by the owner's dates.
 */
export async function ownerSession({ db, clock, config }: Deps, bookingId: string) {
  const row = await db
    .selectFrom("bookings")
    .select(sessionColumns)
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!row) return undefined;
  const session = asOwnerSession(row, config.BOOKING_TIME_ZONE);
  const now = clock.now();
  const started = Date.parse(row.starts_at) <= now.getTime();
  let moveTo: ReturnType<typeof slotDays> = [];
  if (row.status === "confirmed" && !started) {
    const slots = await slotsToMoveTo(db, config, { bookingId, minutes: session.minutes, now });
    moveTo = slotDays(slots, config.BOOKING_TIME_ZONE);
  }
  return {
    session,
    canChange: (row.status === "confirmed" || row.status === "held") && !started,
    canClose: row.status === "confirmed" && started,
    moveTo,
  };
}

/** Paid orders whose buyer has not booked (or whose session was cancelled), oldest first. */
export async function ordersAwaitingSession(db: Db) {
  return unbookedPaidOrders(db).execute();
}
