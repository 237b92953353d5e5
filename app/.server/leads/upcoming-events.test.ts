import { describe, expect, it } from "vitest";
import { siteEvents, type SiteEvent } from "~/content/events";
import { eventsAsOf } from "./upcoming-events";

const event = (title: string, date: string, endDate?: string): SiteEvent => ({
  title,
  kind: "Keynote",
  date,
  endDate,
  location: "Denver, CO",
  description: "",
});

describe("eventsAsOf", () => {
  it("never lists the spec's 2025 events as upcoming today", () => {
    const { upcoming, all } = eventsAsOf(siteEvents, new Date("2026-11-21T12:00:00Z"));
    expect(upcoming).toEqual([]);
    expect(all).toHaveLength(3);
    expect(all.every((listed) => listed.past)).toBe(true);
  });

  it("keeps an event upcoming through its last day, in Colorado time", () => {
    const events = [
      event("later", "2026-12-01"),
      event("today", "2026-11-21"),
      event("multi-day", "2026-11-19", "2026-11-21"),
      event("yesterday", "2026-11-20"),
    ];
    // 05:00 UTC on the 22nd is still the 21st in Denver.
    const { upcoming, all } = eventsAsOf(events, new Date("2026-11-22T05:00:00Z"));
    expect(upcoming.map((listed) => listed.title)).toEqual(["multi-day", "today", "later"]);
    expect(all.map((listed) => listed.title)).toEqual(["later", "today", "yesterday", "multi-day"]);
    const afterMidnight = eventsAsOf(events, new Date("2026-11-22T08:00:00Z"));
    expect(afterMidnight.upcoming.map((listed) => listed.title)).toEqual(["later"]);
  });
});
