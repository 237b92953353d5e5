import type { ServiceDeps } from "../../core/service-deps";
import { rangesOn } from "../slots/availability-rules";
import { loadAvailabilityRules } from "../slots/availability-store";
import {
  addDays,
  formatClockTime,
  localDateOf,
  wallClockToInstant,
  weekdayOf,
} from "../../core/zoned-time";

/** One of the owner's dates: the hours open for booking and the sessions on it. */
export type CalendarDay = {
  date: string;
  label: string;
  past: boolean;
  hours: string[];
  sessions: { id: string; time: string; name: string; kind: string; status: string }[];
};

/** A date's label: its noon in UTC is that date, whatever the owner's zone. */
const dayLabel = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});

/**
 * The owner's coming weeks from this week's Monday, in the owner's zone: each date's open hours
 * (its weekday's, an override's, or none on time off) and the sessions that hold time on it.
 */
export async function ownerCalendar(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  weeks = 4,
): Promise<{ timeZone: string; weeks: CalendarDay[][] }> {
  const rules = await loadAvailabilityRules(db, config);
  const zone = rules.timeZone;
  const now = clock.now().getTime();
  const today = localDateOf(now, zone);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const end = addDays(monday, weeks * 7);
  const sessions = await db
    .selectFrom("bookings")
    .select(["id", "starts_at", "name", "kind", "status"])
    .where("status", "not in", ["cancelled", "expired"])
    .where("starts_at", ">=", new Date(wallClockToInstant(monday, 0, zone)).toISOString())
    .where("starts_at", "<", new Date(wallClockToInstant(end, 0, zone)).toISOString())
    .orderBy("starts_at")
    .execute();
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
  });
  const days: CalendarDay[] = [];
  for (let date = monday; date < end; date = addDays(date, 1)) {
    days.push({
      date,
      label: dayLabel.format(new Date(`${date}T12:00:00Z`)),
      past: date < today,
      hours: rangesOn(rules, date, weekdayOf(date)).map(
        ({ start, end: until }) => `${formatClockTime(start)}-${formatClockTime(until)}`,
      ),
      sessions: sessions
        .filter((session) => localDateOf(Date.parse(session.starts_at), zone) === date)
        .map((session) => ({
          id: session.id,
          time: time.format(new Date(session.starts_at)).replace(/\u202f/g, " "),
          name: session.name,
          kind: session.kind,
          status: session.status,
        })),
    });
  }
  return {
    timeZone: zone,
    weeks: Array.from({ length: weeks }, (_, week) => days.slice(week * 7, week * 7 + 7)),
  };
}
