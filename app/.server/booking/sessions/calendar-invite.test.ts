import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarInvite, type InviteDetails } from "./calendar-invite";

const details: InviteDetails = {
  bookingId: "b1",
  sequence: 0,
  start: new Date("2026-11-02T16:00:00.000Z"),
  end: new Date("2026-11-02T16:20:00.000Z"),
  title: "Intro call",
  description: "A 20-minute call.",
  meetingUrl: "https://meet.jit.si/room-1",
  organizer: { name: "Owner", email: "owner@example.com" },
  attendee: { name: "Booker", email: "booker@example.com" },
  host: "presenceselling.com",
  now: new Date("2026-10-30T12:00:00.000Z"),
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    utc: (event.getFirstPropertyValue("dtstart") as ICAL.Time).zone?.tzid,
    location: event.getFirstPropertyValue("location"),
    url: event.getFirstPropertyValue("url"),
    status: event.getFirstPropertyValue("status"),
    // The scheme's case varies by writer (RFC 5545 makes it case-insensitive).
    organizer: String(event.getFirstPropertyValue("organizer")).toLowerCase(),
    attendee: String(event.getFirstPropertyValue("attendee")).toLowerCase(),
  };
}

describe("calendar invites", () => {
  it("writes a REQUEST with the booking's UID, sequence, UTC times, people and link", () => {
    expect(parse(calendarInvite(details, "REQUEST"))).toEqual({
      method: "REQUEST",
      uid: "booking-b1@presenceselling.com",
      sequence: 0,
      start: "2026-11-02T16:00:00.000Z",
      end: "2026-11-02T16:20:00.000Z",
      utc: "UTC",
      location: "https://meet.jit.si/room-1",
      url: "https://meet.jit.si/room-1",
      status: "CONFIRMED",
      organizer: "mailto:owner@example.com",
      attendee: "mailto:booker@example.com",
    });
  });

  it("writes a CANCEL for the same UID", () => {
    const cancel = parse(calendarInvite({ ...details, sequence: 3 }, "CANCEL"));
    expect(cancel).toMatchObject({
      method: "CANCEL",
      uid: "booking-b1@presenceselling.com",
      sequence: 3,
      status: "CANCELLED",
    });
  });
});
