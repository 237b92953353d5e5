/**
 * A week of the booking page, Monday to Sunday in the visitor's dates, with its open days. A week
 * with none is kept, so a holiday shows as one closed line instead of a silent gap.
 */
export type SlotWeek<Day> = { monday: string; label: string; days: Day[] };

const dayMs = 86_400_000;
// The dates are already the visitor's: formatting them as UTC midnight keeps them as they are.
const shortDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
});

function mondayOf(date: string) {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return midnight - daysSinceMonday * dayMs;
}

function week<Day>(monday: number): SlotWeek<Day> {
  return {
    monday: new Date(monday).toISOString().slice(0, 10),
    label: `${shortDate.format(monday)} to ${shortDate.format(monday + 6 * dayMs)}`,
    days: [],
  };
}

/** Open days (in date order, `date` as YYYY-MM-DD) grouped into the weeks from the first to the last. */
export function slotWeeks<Day extends { date: string }>(days: readonly Day[]): SlotWeek<Day>[] {
  const weeks: { start: number; week: SlotWeek<Day> }[] = [];
  for (const day of days) {
    const monday = mondayOf(day.date);
    for (let last = weeks.at(-1); last && last.start + 7 * dayMs < monday; last = weeks.at(-1)) {
      const start = last.start + 7 * dayMs;
      weeks.push({ start, week: week(start) });
    }
    if (weeks.at(-1)?.start !== monday) weeks.push({ start: monday, week: week(monday) });
    weeks.at(-1)!.week.days.push(day);
  }
  return weeks.map(({ week }) => week);
}
