import type { BookingKind } from "../booking-tables";

export type SessionKind = { kind: BookingKind; title: string; minutes: number };

const titles = { breakthrough: "Sales Breakthrough Hour", intro: "Intro call" } as const;

/** The two sessions: the paid hour (the catalog's 60 minutes) and the free intro call. */
export function sessionKind(kind: BookingKind, introCallMinutes: number): SessionKind {
  return { kind, title: titles[kind], minutes: kind === "breakthrough" ? 60 : introCallMinutes };
}

/** A booked session as it was booked: its own length, whatever the intro call's length is now. */
export function bookedSession(booking: {
  kind: BookingKind;
  starts_at: string;
  ends_at: string;
}): SessionKind {
  const minutes = (Date.parse(booking.ends_at) - Date.parse(booking.starts_at)) / 60_000;
  return { kind: booking.kind, title: titles[booking.kind], minutes };
}
