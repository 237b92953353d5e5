import { describe, expect, it } from "vitest";
import { defaultAvailabilityRules } from "./availability-rules";
import { availabilityFormValues, parseAvailabilityForm } from "./availability-form";

const zone = "Europe/London";
const form = (changes: Record<string, string>) => {
  const values = availabilityFormValues(defaultAvailabilityRules(zone, 20));
  return new URLSearchParams({ ...values, ...changes });
};

describe("the availability form", () => {
  it("reads back what it writes", () => {
    const rules = {
      ...defaultAvailabilityRules(zone, 25),
      weeklyHours: [
        [],
        [
          { start: 9 * 60, end: 12 * 60 },
          { start: 13 * 60, end: 17 * 60 + 30 },
        ],
        [{ start: 0, end: 1440 }],
        [],
        [],
        [],
        [],
      ],
      dateOverrides: [
        { date: "2026-12-24", ranges: [{ start: 600, end: 720 }] },
        { date: "2026-12-26", ranges: [] },
      ],
      timeOff: [
        { from: "2026-12-28", to: "2027-01-02" },
        { from: "2027-02-01", to: "2027-02-01" },
      ],
    };
    const values = availabilityFormValues(rules);
    expect(values["hours-1"]).toBe("09:00-12:00, 13:00-17:30");
    expect(values.overrides).toBe("2026-12-24 10:00-12:00\n2026-12-26 off");
    expect(values.timeOff).toBe("2026-12-28 to 2027-01-02\n2027-02-01");
    expect(parseAvailabilityForm(new URLSearchParams(values), zone)).toEqual({
      outcome: "valid",
      rules,
    });
  });

  it("accepts ranges in any order and spacing, and sorts them", () => {
    const parsed = parseAvailabilityForm(form({ "hours-3": " 14:00 - 16:00 ,08:30-09:00 " }), zone);
    expect(parsed.outcome === "valid" && parsed.rules.weeklyHours[3]).toEqual([
      { start: 510, end: 540 },
      { start: 840, end: 960 },
    ]);
  });

  it.each([
    ["hours-2", "9-5", 'Tuesday: "9-5" is not a range like 09:00-12:00 (24-hour clock).'],
    ["hours-4", "17:00-09:00", "Thursday: 17:00-09:00 ends before it starts."],
    ["hours-5", "09:00-12:00, 11:00-13:00", "Friday: two ranges overlap."],
    [
      "hours-1",
      "09:00-25:00",
      'Monday: "09:00-25:00" is not a range like 09:00-12:00 (24-hour clock).',
    ],
    [
      "overrides",
      "2026-02-30 off",
      'Date override line 1 ("2026-02-30 off"): start it with a date as YYYY-MM-DD.',
    ],
    [
      "overrides",
      "2026-12-24",
      'Date override line 1 ("2026-12-24"): after the date write hours like 10:00-12:00, or "off" for a day off.',
    ],
    [
      "overrides",
      "2026-12-24 off\n2026-12-24 10:00-11:00",
      'Date override line 2 ("2026-12-24 10:00-11:00"): 2026-12-24 is overridden twice.',
    ],
    [
      "timeOff",
      "2027-01-02 to 2026-12-28",
      'Time off line 1 ("2027-01-02 to 2026-12-28"): the last day comes before the first.',
    ],
    [
      "timeOff",
      "next week",
      'Time off line 1 ("next week"): write a date as YYYY-MM-DD, or two with "to" between.',
    ],
    ["slotIntervalMinutes", "0", "The slot interval must be a whole number from 5 to 240."],
    ["horizonDays", "ten", "How far ahead people may book must be a whole number from 1 to 365."],
    [
      "bufferAfterMinutes",
      "-5",
      "The buffer after a session must be a whole number from 0 to 240.",
    ],
    ["introCallMinutes", "", "The intro call's length must be a whole number from 5 to 120."],
    [
      "bookerChangeCutoffMinutes",
      "50000",
      "The booker's change cut-off must be a whole number from 0 to 43200.",
    ],
  ])("refuses %s = %j with a sentence", (field, value, message) => {
    const parsed = parseAvailabilityForm(form({ [field]: value }), zone);
    expect(parsed).toMatchObject({ outcome: "invalid", error: message });
    expect(parsed.outcome === "invalid" && parsed.fieldErrors[field]).toEqual([message]);
  });

  it("caps the lines of a text field", () => {
    const many = Array.from({ length: 201 }, (_, day) => `2027-01-01 to 2027-01-0${(day % 9) + 1}`);
    const parsed = parseAvailabilityForm(form({ timeOff: many.join("\n") }), zone);
    expect(parsed).toMatchObject({ outcome: "invalid", error: "Keep it to 200 lines at most." });
  });
});
