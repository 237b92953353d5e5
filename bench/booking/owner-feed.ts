/**
 * A realistic owner's calendar as Google or Outlook export it: a year of history and three months
 * ahead, 500 VEVENTs in all. 40 weekly series (some ended by UNTIL), each with two EXDATEs and one
 * moved occurrence (RECURRENCE-ID), 10 weekday stand-ups with an EXDATE, and 410 single events in
 * America/Denver, Europe/London, UTC and all-day, a tenth of them free (TRANSP:TRANSPARENT).
 */
const denverZone = `BEGIN:VTIMEZONE
TZID:America/Denver
BEGIN:DAYLIGHT
TZOFFSETFROM:-0700
TZOFFSETTO:-0600
TZNAME:MDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0600
TZOFFSETTO:-0700
TZNAME:MST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

const londonZone = `BEGIN:VTIMEZONE
TZID:Europe/London
BEGIN:DAYLIGHT
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
DTSTART:19700329T010000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
DTSTART:19701025T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

const dayMs = 86_400_000;
const weekdays = ["MO", "TU", "WE", "TH", "FR"];

/** 20261127T093000 in the named zone's wall clock (the date's UTC fields, as written). */
function local(time: number) {
  return new Date(time).toISOString().replace(/[-:]/g, "").slice(0, 15);
}

function utc(time: number) {
  return `${local(time)}Z`;
}

function allDay(time: number) {
  return local(time).slice(0, 8);
}

/** A day at midnight UTC, `days` from `now`, and a wall-clock hour on it. */
function at(now: number, days: number, hour: number, minute = 0) {
  return Math.floor(now / dayMs) * dayMs + days * dayMs + (hour * 60 + minute) * 60_000;
}

export function ownerFeed(now: number): { text: string; events: number } {
  const events: string[] = [];
  const add = (lines: string[]) =>
    events.push(["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\n"));
  for (let series = 0; series < 40; series += 1) {
    const zone = series % 4 === 3 ? "Europe/London" : "America/Denver";
    const firstDay = -360 + series * 7;
    const hour = 8 + (series % 9);
    const start = at(now, firstDay, hour, series % 2 ? 30 : 0);
    const uid = `weekly-${series}@owner`;
    add([
      `UID:${uid}`,
      `DTSTART;TZID=${zone}:${local(start)}`,
      `DTEND;TZID=${zone}:${local(start + 45 * 60_000)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${weekdays[series % 5]}${series % 5 === 0 ? `;UNTIL=${utc(at(now, 30, 0))}` : ""}`,
      `EXDATE;TZID=${zone}:${local(start + 50 * 7 * dayMs)}`,
      `EXDATE;TZID=${zone}:${local(start + 54 * 7 * dayMs)}`,
      `SUMMARY:Weekly ${series}`,
    ]);
    const moved = start + 52 * 7 * dayMs;
    add([
      `UID:${uid}`,
      `RECURRENCE-ID;TZID=${zone}:${local(moved)}`,
      `DTSTART;TZID=${zone}:${local(moved + 3 * 60 * 60_000)}`,
      `DTEND;TZID=${zone}:${local(moved + 3 * 60 * 60_000 + 45 * 60_000)}`,
      `SUMMARY:Weekly ${series} (moved)`,
    ]);
  }
  for (let standup = 0; standup < 10; standup += 1) {
    const start = at(now, -300 + standup * 20, 8, standup * 5);
    add([
      `UID:standup-${standup}@owner`,
      `DTSTART;TZID=America/Denver:${local(start)}`,
      `DTEND;TZID=America/Denver:${local(start + 15 * 60_000)}`,
      "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      `EXDATE;TZID=America/Denver:${local(start + 21 * dayMs)}`,
      `SUMMARY:Stand-up ${standup}`,
    ]);
  }
  for (let single = 0; single < 410; single += 1) {
    const day = -365 + Math.floor((single * 455) / 410);
    const start = at(now, day, 7 + (single % 11), (single % 4) * 15);
    const end = start + (30 + (single % 5) * 30) * 60_000;
    const kind = single % 10;
    const times =
      kind < 5
        ? [`DTSTART;TZID=America/Denver:${local(start)}`, `DTEND;TZID=America/Denver:${local(end)}`]
        : kind < 7
          ? [`DTSTART;TZID=Europe/London:${local(start)}`, `DTEND;TZID=Europe/London:${local(end)}`]
          : kind < 9
            ? [`DTSTART:${utc(start)}`, `DTEND:${utc(end)}`]
            : [`DTSTART;VALUE=DATE:${allDay(start)}`, `DTEND;VALUE=DATE:${allDay(start + dayMs)}`];
    add([
      `UID:single-${single}@owner`,
      ...times,
      ...(single % 10 === 4 ? ["TRANSP:TRANSPARENT"] : []),
      `SUMMARY:Appointment ${single}`,
    ]);
  }
  const text = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Bench//Owner feed//EN",
    denverZone,
    londonZone,
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  return { text: text.replace(/\n/g, "\r\n").replace(/\r\r\n/g, "\r\n"), events: events.length };
}
