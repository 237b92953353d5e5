import { describe, expect, it } from "vitest";
import { bookingContent } from "~/content/booking";
import { bookingSummary } from "./booking-summary";

const booking = {
  kind: "intro" as const,
  starts_at: "2026-12-08T16:00:00.000Z",
  ends_at: "2026-12-08T16:20:00.000Z",
  time_zone: "America/Denver",
  email: "hold@example.com",
  hold_expires_at: "2026-12-08T09:07:00.000Z",
};

describe("a held call's summary", () => {
  it("names the zone of the time the hold lapses", () => {
    const { hold } = bookingSummary(booking, { ownerZone: "America/Denver", holdMinutes: 10 });
    expect(hold).toEqual({ minutes: 10, until: "2:07 AM MST" });
  });

  it("says 1 minute, not 1 minutes", () => {
    const { hold } = bookingSummary(booking, { ownerZone: "America/Denver", holdMinutes: 1 });
    expect(bookingContent.intro.held.text(hold!)).toBe(
      "We hold this time for you for 1 minute, until 2:07 AM MST: confirm it with the link we just sent. Until you do, nothing is booked.",
    );
  });
});
