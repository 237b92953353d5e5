import type { Kysely } from "kysely";
import { recordAdminAction } from "../../core/audit-log";
import type { Database } from "../../core/db/schema";
import type { ServiceDeps } from "../../core/service-deps";
import { loadAvailabilityRules } from "../slots/availability-store";
import { loadBookingCalendar, updateBookingCalendar, calendarRow } from "./booking-calendar-store";
import { fetchBusyCalendar } from "./busy-calendar-fetch";
import type { BusyTime } from "../slots/slots";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** ical.js (6 MB resident) is loaded by the first calendar read, not at start (decision 309). */
const calendarReader = () => import("./busy-calendar-events");
const dayMs = 24 * 60 * 60_000;

/** The busy times of the last good copy of the owner's calendar (none without one). */
export async function loadBusyTimes(db: Kysely<Database>): Promise<BusyTime[]> {
  const row = await loadBookingCalendar(db);
  if (!row?.busy_url) return [];
  return (JSON.parse(row.busy_times) as [number, number][]).map(([start, end]) => ({ start, end }));
}

export type BusyRefresh =
  | { outcome: "not-due" }
  | { outcome: "refreshed"; events: number }
  | { outcome: "failed"; failure: string };

/**
 * One round of the busy-times fetch. Whichever instance first marks the row checked fetches;
 * the others find it not due until an interval has passed. A good fetch replaces the stored
 * copy (expanded from a day ago to a day past the horizon); a failed one keeps it and records
 * what failed, for the console.
 */
export async function refreshBusyTimes(
  { db, clock, config }: Deps,
  { force = false }: { force?: boolean } = {},
): Promise<BusyRefresh> {
  const now = clock.now();
  const dueBefore = new Date(now.getTime() - config.BOOKING_BUSY_POLL_INTERVAL_MS).toISOString();
  const claimed = await db
    .updateTable("booking_calendar")
    .set({ busy_checked_at: now.toISOString() })
    .where("id", "=", calendarRow)
    .where("busy_url", "is not", null)
    .$if(!force, (query) =>
      query.where((eb) =>
        eb.or([eb("busy_checked_at", "is", null), eb("busy_checked_at", "<=", dueBefore)]),
      ),
    )
    .returning(["busy_url"])
    .executeTakeFirst();
  if (!claimed?.busy_url) return { outcome: "not-due" };
  const url = claimed.busy_url;
  const fetched = await fetchBusyCalendar(url, config.BOOKING_BUSY_TIMEOUT_MS);
  let failure = fetched.ok ? undefined : fetched.failure;
  let busy: BusyTime[] = [];
  if (fetched.ok) {
    const rules = await loadAvailabilityRules(db, config);
    const { busyTimesOf } = await calendarReader();
    try {
      busy = busyTimesOf(fetched.text, {
        from: now.getTime() - dayMs,
        until: now.getTime() + (rules.horizonDays + 1) * dayMs,
        ownerZone: rules.timeZone,
      });
    } catch {
      failure = "the address does not give an iCalendar file";
    }
  }
  // The owner may have changed the address meanwhile: this fetch is then not theirs to store.
  const sameUrl = db
    .updateTable("booking_calendar")
    .where("id", "=", calendarRow)
    .where("busy_url", "=", url);
  if (failure !== undefined) {
    await sameUrl.set({ busy_error: failure }).execute();
    return { outcome: "failed", failure };
  }
  await sameUrl
    .set({
      busy_times: JSON.stringify(busy.map(({ start, end }) => [start, end])),
      busy_fetched_at: now.toISOString(),
      busy_error: null,
    })
    .execute();
  return { outcome: "refreshed", events: busy.length };
}

/** The busy-times address as the console shows it: its host only, the rest is secret. */
export async function busyCalendarStatus(db: Kysely<Database>) {
  const row = await loadBookingCalendar(db);
  const busyUrl = row?.busy_url ?? null;
  return {
    feedCreatedAt: row?.feed_token_hash ? row.feed_created_at : null,
    busy: busyUrl
      ? {
          host: new URL(busyUrl).host,
          fetchedAt: row!.busy_fetched_at,
          checkedAt: row!.busy_checked_at,
          error: row!.busy_error,
          events: (JSON.parse(row!.busy_times) as unknown[]).length,
        }
      : null,
  };
}

/** The longest address accepted (secret calendar addresses are some 150 characters). */
const maxUrlLength = 2_000;

export type BusyUrlOutcome =
  { outcome: "saved" | "removed" } | { outcome: "invalid"; error: string };

/**
 * Sets (or with an empty field, removes) the busy-times address, audited without the address.
 * A new address starts with no copy and is fetched at once.
 */
export async function saveBusyCalendarUrl(
  deps: Deps,
  { url, actor }: { url: string; actor: string },
): Promise<BusyUrlOutcome> {
  // Calendar apps show their subscription addresses as webcal://, which is https.
  const text = url.trim().replace(/^webcal:\/\//i, "https://");
  const parsed = text === "" || !URL.canParse(text) ? undefined : new URL(text);
  if (text !== "" && (!parsed || !/^https?:$/.test(parsed.protocol) || text.length > maxUrlLength))
    return {
      outcome: "invalid",
      error:
        "Give the calendar's secret address as an http:// or https:// link (webcal:// works as https://).",
    };
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await updateBookingCalendar(
      trx,
      {
        busy_url: parsed ? parsed.href : null,
        busy_times: "[]",
        busy_fetched_at: null,
        busy_checked_at: null,
        busy_error: null,
      },
      now,
    );
    await recordAdminAction(trx, {
      actor,
      action: parsed ? "booking.busy-calendar-set" : "booking.busy-calendar-removed",
      now,
      detail: parsed ? { host: parsed.host } : {},
    });
  });
  if (!parsed) return { outcome: "removed" };
  await refreshBusyTimes(deps, { force: true });
  return { outcome: "saved" };
}
