/**
 * What a booking page says is booked: the session, its date and time in the booker's zone (and
 * in the owner's, where the zone differs), and the address its emails go to. Only the booker's
 * own pages show it; the address is theirs.
 */
export type BookingSummary = {
  title: string;
  minutes: number;
  /** "Tuesday, June 2, 2026, 9:00 – 10:00 AM" in the booker's zone. */
  when: string;
  /** "Europe/London (United Kingdom Time)". */
  zone: string;
  /** The same time in the owner's zone, when that is another zone; else null. */
  ownerWhen: { when: string; zone: string } | null;
  email: string;
  /** A held free call: how long the hold lasts and when it lapses, in the booker's zone, named. */
  hold: { minutes: number; until: string } | null;
};

/** "1 minute", "10 minutes": how long a hold lasts. */
export function minutesText(minutes: number) {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
