import { describe, expect, it } from "vitest";
import {
  addDays,
  isLocalDate,
  isTimeZone,
  localDateOf,
  localMinuteOfDay,
  parseClockTime,
  wallClockToInstant,
  weekdayOf,
  zoneOffsetMinutes,
} from "./zoned-time";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("wallClockToInstant", () => {
  it.each([
    // America/Denver, 2026 and 2027: the hour before and after each change.
    ["2026-03-07", 9 * 60, "America/Denver", "2026-03-07T16:00:00.000Z"],
    ["2026-03-09", 9 * 60, "America/Denver", "2026-03-09T15:00:00.000Z"],
    ["2026-10-31", 14 * 60, "America/Denver", "2026-10-31T20:00:00.000Z"],
    ["2026-11-02", 14 * 60, "America/Denver", "2026-11-02T21:00:00.000Z"],
    ["2027-03-13", 9 * 60, "America/Denver", "2027-03-13T16:00:00.000Z"],
    ["2027-03-15", 9 * 60, "America/Denver", "2027-03-15T15:00:00.000Z"],
    ["2027-11-06", 16 * 60, "America/Denver", "2027-11-06T22:00:00.000Z"],
    ["2027-11-08", 16 * 60, "America/Denver", "2027-11-08T23:00:00.000Z"],
    // Europe/London
    ["2026-03-27", 9 * 60, "Europe/London", "2026-03-27T09:00:00.000Z"],
    ["2026-03-30", 9 * 60, "Europe/London", "2026-03-30T08:00:00.000Z"],
    ["2027-10-29", 9 * 60, "Europe/London", "2027-10-29T08:00:00.000Z"],
    ["2027-11-01", 9 * 60, "Europe/London", "2027-11-01T09:00:00.000Z"],
    // Half-hour offset, no DST; half-hour DST.
    ["2026-03-08", 14 * 60 + 30, "Asia/Kolkata", "2026-03-08T09:00:00.000Z"],
    ["2026-04-04", 9 * 60, "Australia/Lord_Howe", "2026-04-03T22:00:00.000Z"],
    ["2026-04-06", 9 * 60, "Australia/Lord_Howe", "2026-04-05T22:30:00.000Z"],
    ["2026-10-05", 9 * 60, "Australia/Lord_Howe", "2026-10-04T22:00:00.000Z"],
    ["2026-11-02", 24 * 60, "America/Denver", "2026-11-03T07:00:00.000Z"],
  ])("%s %i min in %s is %s", (date, minute, zone, expected) => {
    expect(iso(wallClockToInstant(date, minute, zone))).toBe(expected);
  });

  it("takes a skipped time (clocks forward) as the moment of the jump", () => {
    // Denver 8 Mar 2026: 02:00 MST became 03:00 MDT at 09:00Z; 02:30 never showed.
    expect(iso(wallClockToInstant("2026-03-08", 150, "America/Denver"))).toBe(
      "2026-03-08T09:00:00.000Z",
    );
    expect(iso(wallClockToInstant("2026-03-08", 180, "America/Denver"))).toBe(
      "2026-03-08T09:00:00.000Z",
    );
    // Lord Howe 4 Oct 2026: 02:00 (+10:30) became 02:30 (+11) at 15:30Z the day before.
    expect(iso(wallClockToInstant("2026-10-04", 135, "Australia/Lord_Howe"))).toBe(
      "2026-10-03T15:30:00.000Z",
    );
    expect(iso(wallClockToInstant("2026-10-04", 150, "Australia/Lord_Howe"))).toBe(
      "2026-10-03T15:30:00.000Z",
    );
  });

  it("takes a repeated time (clocks back) as its first occurrence", () => {
    // Denver 1 Nov 2026: 01:30 MDT (07:30Z), then again 01:30 MST (08:30Z).
    expect(iso(wallClockToInstant("2026-11-01", 90, "America/Denver"))).toBe(
      "2026-11-01T07:30:00.000Z",
    );
    // London 25 Oct 2026: 01:30 BST (00:30Z), then 01:30 GMT (01:30Z).
    expect(iso(wallClockToInstant("2026-10-25", 90, "Europe/London"))).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    // Lord Howe 5 Apr 2026: 01:45 at +11 (14:45Z), then at +10:30 (15:15Z).
    expect(iso(wallClockToInstant("2026-04-05", 105, "Australia/Lord_Howe"))).toBe(
      "2026-04-04T14:45:00.000Z",
    );
  });
});

describe("reading an instant in a zone", () => {
  it("gives the offsets on either side of each change", () => {
    expect(zoneOffsetMinutes(at("2026-03-08T08:59:00Z"), "America/Denver")).toBe(-420);
    expect(zoneOffsetMinutes(at("2026-03-08T09:00:00Z"), "America/Denver")).toBe(-360);
    expect(zoneOffsetMinutes(at("2026-04-04T14:59:00Z"), "Australia/Lord_Howe")).toBe(660);
    expect(zoneOffsetMinutes(at("2026-04-04T15:00:00Z"), "Australia/Lord_Howe")).toBe(630);
    expect(zoneOffsetMinutes(at("2027-07-01T00:00:00Z"), "Asia/Kolkata")).toBe(330);
  });

  it("gives the local date and minute of the day", () => {
    const instant = at("2026-03-09T15:00:00Z");
    expect(localDateOf(instant, "America/Denver")).toBe("2026-03-09");
    expect(localMinuteOfDay(instant, "America/Denver")).toBe(9 * 60);
    expect(localDateOf(instant, "Australia/Lord_Howe")).toBe("2026-03-10");
    expect(localMinuteOfDay(instant, "Australia/Lord_Howe")).toBe(2 * 60);
    expect(localMinuteOfDay(instant, "Asia/Kolkata")).toBe(20 * 60 + 30);
  });
});

describe("names and dates", () => {
  it("knows real zones only", () => {
    expect(isTimeZone("Australia/Lord_Howe")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("checks dates and clock times", () => {
    expect(isLocalDate("2027-02-28")).toBe(true);
    expect(isLocalDate("2027-02-29")).toBe(false);
    expect(isLocalDate("2027-2-28")).toBe(false);
    expect(parseClockTime("24:00")).toBe(1440);
    expect(parseClockTime("09:30")).toBe(570);
    expect(parseClockTime("24:30")).toBeUndefined();
    expect(parseClockTime("9:30")).toBeUndefined();
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(weekdayOf("2026-11-01")).toBe(0);
  });
});
