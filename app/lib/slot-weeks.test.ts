import { describe, expect, it } from "vitest";
import { slotWeeks } from "./slot-weeks";

const days = (...dates: string[]) => dates.map((date) => ({ date }));

describe("slotWeeks", () => {
  it("groups open days into Monday-to-Sunday weeks, a Sunday with the Monday before it", () => {
    const weeks = slotWeeks(days("2026-12-03", "2026-12-04", "2026-12-06", "2026-12-07"));
    expect(weeks.map(({ monday, label, days }) => [monday, label, days.length])).toEqual([
      ["2026-11-30", "Nov 30 to Dec 6", 3],
      ["2026-12-07", "Dec 7 to Dec 13", 1],
    ]);
  });

  it("keeps the closed weeks between open ones, across the new year", () => {
    const weeks = slotWeeks(days("2026-12-18", "2027-01-04", "2027-01-05"));
    expect(
      weeks.map(({ label, days }) => `${label}: ${days.map((day) => day.date).join(" ")}`),
    ).toEqual([
      "Dec 14 to Dec 20: 2026-12-18",
      "Dec 21 to Dec 27: ",
      "Dec 28 to Jan 3: ",
      "Jan 4 to Jan 10: 2027-01-04 2027-01-05",
    ]);
  });

  it("has no weeks without open days at all", () => {
    expect(slotWeeks([])).toEqual([]);
  });
});
