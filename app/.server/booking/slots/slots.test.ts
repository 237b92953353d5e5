import { describe, expect, it } from "vitest";
import type { AvailabilityRules, DayRange } from "./availability-rules";
import { freeSlots, type BusyTime, type HeldTime, type SlotQuery } from "./slots";
import { localDateOf, localMinuteOfDay } from "../../core/zoned-time";

const hour = 3_600_000;
const minute = 60_000;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

function rulesFor(
  timeZone: string,
  hours: DayRange[],
  changes: Partial<AvailabilityRules> = {},
): AvailabilityRules {
  return {
    timeZone,
    weeklyHours: [hours, hours, hours, hours, hours, hours, hours],
    dateOverrides: [],
    timeOff: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 14,
    maxSessionsPerDay: 0,
    slotIntervalMinutes: 60,
    introCallMinutes: 20,
    bookerChangeCutoffMinutes: 24 * 60,
    ...changes,
  };
}

const range = (from: string, to: string): DayRange => ({
  start: Number(from.slice(0, 2)) * 60 + Number(from.slice(3)),
  end: Number(to.slice(0, 2)) * 60 + Number(to.slice(3)),
});

function slotsOf(query: Partial<SlotQuery> & Pick<SlotQuery, "rules" | "now">) {
  return freeSlots({ durationMinutes: 60, held: [], busy: [], ...query }).map(({ start }) =>
    iso(start),
  );
}

/** The slots of one owner date, as wall-clock `HH:MM` in `zone`. */
function localTimesOn(starts: string[], date: string, zone: string) {
  return starts
    .filter((start) => localDateOf(at(start), zone) === date)
    .map((start) => {
      const minutes = localMinuteOfDay(at(start), zone);
      return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    });
}

const held = (start: string, minutes: number, before = 0, after = 0): HeldTime => ({
  start: at(start),
  blockedFrom: at(start) - before * minute,
  blockedUntil: at(start) + (minutes + after) * minute,
});

describe("slots keep the owner's wall-clock hours across DST changes", () => {
  // Cal.com #30021: afternoon slots moved an hour after a change. Every change of 2026 and 2027.
  it.each([
    ["America/Denver", "2026-03-05T00:00:00Z", "2026-03-06", "2026-03-10"],
    ["America/Denver", "2026-10-29T00:00:00Z", "2026-10-30", "2026-11-03"],
    ["America/Denver", "2027-03-11T00:00:00Z", "2027-03-12", "2027-03-16"],
    ["America/Denver", "2027-11-04T00:00:00Z", "2027-11-05", "2027-11-09"],
    ["Europe/London", "2026-03-26T00:00:00Z", "2026-03-27", "2026-03-31"],
    ["Europe/London", "2026-10-22T00:00:00Z", "2026-10-23", "2026-10-27"],
    ["Europe/London", "2027-03-25T00:00:00Z", "2027-03-26", "2027-03-30"],
    ["Europe/London", "2027-10-28T00:00:00Z", "2027-10-29", "2027-11-02"],
  ])("%s from %s: 13:00–17:00 before (%s) and after (%s)", (zone, now, before, after) => {
    const starts = slotsOf({ rules: rulesFor(zone, [range("13:00", "17:00")]), now: at(now) });
    const afternoon = ["13:00", "14:00", "15:00", "16:00"];
    expect(localTimesOn(starts, before, zone)).toEqual(afternoon);
    expect(localTimesOn(starts, after, zone)).toEqual(afternoon);
    // The same wall clock is a different UTC hour on the two sides.
    const utcHourOn = (date: string) =>
      new Date(starts.find((start) => localDateOf(at(start), zone) === date)!).getUTCHours();
    expect(Math.abs(utcHourOn(after) - utcHourOn(before))).toBe(1);
  });

  it("gives a range across the spring-forward jump the hours it really has (Denver 2026)", () => {
    const starts = slotsOf({
      rules: rulesFor("America/Denver", [range("00:00", "04:00")]),
      now: at("2026-03-08T00:00:00Z"),
    });
    expect(localTimesOn(starts, "2026-03-08", "America/Denver")).toEqual([
      "00:00",
      "01:00",
      "03:00",
    ]);
  });

  it("gives a range across the fall-back change its repeated hour (Denver 2026)", () => {
    const starts = slotsOf({
      rules: rulesFor("America/Denver", [range("00:00", "04:00")]),
      now: at("2026-11-01T00:00:00Z"),
    });
    const onTheDay = starts.filter(
      (start) => localDateOf(at(start), "America/Denver") === "2026-11-01",
    );
    expect(onTheDay).toEqual([
      "2026-11-01T06:00:00.000Z",
      "2026-11-01T07:00:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-01T09:00:00.000Z",
      "2026-11-01T10:00:00.000Z",
    ]);
  });

  it("follows Lord Howe's half-hour change", () => {
    const zone = "Australia/Lord_Howe";
    const starts = slotsOf({
      rules: rulesFor(zone, [range("01:00", "03:00")], { slotIntervalMinutes: 30 }),
      now: at("2026-10-02T00:00:00Z"),
    });
    // 4 Oct 2026: the clock jumps from 02:00 to 02:30, so 01:00–03:00 is 90 minutes long.
    expect(localTimesOn(starts, "2026-10-04", zone)).toEqual(["01:00", "01:30"]);
    expect(localTimesOn(starts, "2026-10-05", zone)).toEqual(["01:00", "01:30", "02:00"]);
  });
});

describe("visitors see the owner's slots in their own zone", () => {
  it("shows a London owner's 09:00 in Kolkata and on Lord Howe, before and after London's change", () => {
    const starts = slotsOf({
      rules: rulesFor("Europe/London", [range("09:00", "10:00")]),
      now: at("2026-03-27T00:00:00Z"),
    });
    expect(starts.slice(0, 4)).toEqual([
      "2026-03-27T09:00:00.000Z",
      "2026-03-28T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
    ]);
    expect(starts.slice(0, 4).map((start) => localMinuteOfDay(at(start), "Asia/Kolkata"))).toEqual([
      14 * 60 + 30,
      14 * 60 + 30,
      13 * 60 + 30,
      13 * 60 + 30,
    ]);
    expect(
      starts.slice(0, 4).map((start) => localDateOf(at(start), "Australia/Lord_Howe")),
    ).toEqual(["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(
      starts.slice(0, 4).map((start) => localMinuteOfDay(at(start), "Australia/Lord_Howe")),
    ).toEqual([20 * 60, 20 * 60, 19 * 60, 19 * 60]);
  });

  it("shows a Denver owner's slots moving for a visitor in London while only Denver has changed", () => {
    const starts = slotsOf({
      rules: rulesFor("America/Denver", [range("09:00", "10:00")]),
      now: at("2026-03-06T00:00:00Z"),
    });
    const inLondon = starts
      .slice(0, 3)
      .map((start) => localMinuteOfDay(at(start), "Europe/London") / 60);
    // 6 and 7 March: Denver -7, London +0; 8 March on: Denver -6 until London moves on 29 March.
    expect(inLondon).toEqual([16, 16, 15]);
  });
});

describe("rules", () => {
  const weekdays = (hours: DayRange[]) => [[], hours, hours, hours, hours, hours, []];
  const base = rulesFor("America/Denver", [], {
    weeklyHours: weekdays([range("09:00", "12:00"), range("13:00", "15:00")]),
  });
  const monday = "2026-06-01";
  const mondayMorning = at("2026-06-01T06:00:00Z");

  it("offers several ranges a day and nothing on days without hours", () => {
    const starts = slotsOf({ rules: base, now: mondayMorning });
    expect(localTimesOn(starts, monday, "America/Denver")).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "13:00",
      "14:00",
    ]);
    expect(localTimesOn(starts, "2026-06-06", "America/Denver")).toEqual([]);
  });

  it("steps by the slot interval and keeps the whole session inside the range", () => {
    const starts = slotsOf({
      rules: { ...base, slotIntervalMinutes: 20 },
      now: mondayMorning,
      durationMinutes: 60,
    });
    expect(localTimesOn(starts, monday, "America/Denver")).toEqual([
      "09:00",
      "09:20",
      "09:40",
      "10:00",
      "10:20",
      "10:40",
      "11:00",
      "13:00",
      "13:20",
      "13:40",
      "14:00",
    ]);
  });

  it("replaces a date's hours by its override, and opens a day without weekly hours", () => {
    const rules = {
      ...base,
      dateOverrides: [
        { date: monday, ranges: [range("18:00", "20:00")] },
        { date: "2026-06-06", ranges: [range("10:00", "11:00")] },
        { date: "2026-06-02", ranges: [] },
      ],
    };
    const starts = slotsOf({ rules, now: mondayMorning });
    expect(localTimesOn(starts, monday, "America/Denver")).toEqual(["18:00", "19:00"]);
    expect(localTimesOn(starts, "2026-06-02", "America/Denver")).toEqual([]);
    expect(localTimesOn(starts, "2026-06-06", "America/Denver")).toEqual(["10:00"]);
  });

  it("closes every date of a holiday, both ends included, over an override", () => {
    const rules = {
      ...base,
      timeOff: [{ from: "2026-06-02", to: "2026-06-04" }],
      dateOverrides: [{ date: "2026-06-03", ranges: [range("18:00", "20:00")] }],
    };
    const starts = slotsOf({ rules, now: mondayMorning });
    const dates = new Set(starts.map((start) => localDateOf(at(start), "America/Denver")));
    expect(dates.has("2026-06-01")).toBe(true);
    expect(dates.has("2026-06-02")).toBe(false);
    expect(dates.has("2026-06-03")).toBe(false);
    expect(dates.has("2026-06-04")).toBe(false);
    expect(dates.has("2026-06-05")).toBe(true);
  });

  it("keeps the minimum notice and the horizon", () => {
    const now = at("2026-06-01T15:30:00Z"); // 09:30 in Denver
    const starts = slotsOf({
      rules: { ...base, minimumNoticeMinutes: 120, horizonDays: 2 },
      now,
    });
    // 11:00 is inside the notice; 13:00 is the first slot.
    expect(starts[0]).toBe("2026-06-01T19:00:00.000Z");
    expect(at(starts.at(-1)!)).toBeLessThanOrEqual(now + 2 * 24 * hour);
    expect(localTimesOn(starts, "2026-06-03", "America/Denver")).toEqual(["09:00"]);
  });

  it("keeps buffers around held sessions and busy events", () => {
    const rules = rulesFor("America/Denver", [range("09:00", "17:00")], {
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 30,
      slotIntervalMinutes: 15,
    });
    const starts = slotsOf({
      rules,
      now: mondayMorning,
      held: [held("2026-06-01T16:00:00Z", 60, 15, 30)], // 10:00–11:00, holding 09:45–11:30
      busy: [{ start: at("2026-06-01T20:00:00Z"), end: at("2026-06-01T20:10:00Z") }], // 14:00–14:10
    });
    // A slot needs 15 minutes free before it and 30 after.
    expect(localTimesOn(starts, monday, "America/Denver")).toEqual([
      "11:45",
      "12:00",
      "12:15",
      "12:30",
      "14:30",
      "14:45",
      "15:00",
      "15:15",
      "15:30",
      "15:45",
      "16:00",
    ]);
  });

  it("closes a date that has its maximum of sessions, counted on the owner's date", () => {
    const rules = { ...base, maxSessionsPerDay: 2 };
    // 22:30 Denver on Monday is already Tuesday in UTC: it counts for Monday.
    const mondayHeld = [held("2026-06-01T15:00:00Z", 60), held("2026-06-02T04:30:00Z", 60)];
    const starts = slotsOf({ rules, now: mondayMorning, held: mondayHeld });
    expect(localTimesOn(starts, monday, "America/Denver")).toEqual([]);
    expect(localTimesOn(starts, "2026-06-02", "America/Denver")).toHaveLength(5);
  });

  it("lets sessions of different lengths overlap nothing held", () => {
    const busy: BusyTime[] = [];
    const starts = freeSlots({
      rules: { ...base, slotIntervalMinutes: 10 },
      now: mondayMorning,
      durationMinutes: 20,
      held: [held("2026-06-01T15:30:00Z", 60)], // 09:30–10:30
      busy,
    }).map(({ start }) => iso(start));
    const monday9 = localTimesOn(starts, monday, "America/Denver").filter((time) => time < "11:00");
    expect(monday9).toEqual(["09:00", "09:10", "10:30", "10:40", "10:50"]);
  });

  it("computes one owner date on its own exactly as within the whole horizon", () => {
    const rules = { ...base, bufferBeforeMinutes: 30, bufferAfterMinutes: 30 };
    // Held late on Monday in Denver (Tuesday in UTC), and busy early on Wednesday.
    const query = {
      rules,
      now: mondayMorning,
      durationMinutes: 60,
      held: [held("2026-06-02T04:30:00Z", 60, 30, 30)],
      busy: [{ start: at("2026-06-03T14:00:00Z"), end: at("2026-06-03T16:00:00Z") }],
    };
    const whole = freeSlots(query).map(({ start }) => iso(start));
    for (const date of ["2026-05-31", monday, "2026-06-02", "2026-06-03", "2026-07-30"]) {
      const alone = freeSlots({ ...query, onDate: date }).map(({ start }) => iso(start));
      expect(alone).toEqual(
        whole.filter((start) => localDateOf(at(start), "America/Denver") === date),
      );
    }
    expect(freeSlots({ ...query, onDate: "2026-06-03" }).length).toBeGreaterThan(0);
  });
});
