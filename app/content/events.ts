/**
 * Where the author speaks and teaches. Dates are the local day in Colorado (YYYY-MM-DD); the
 * contact page lists an event as upcoming until its last day has passed, never after.
 */
export type SiteEvent = {
  title: string;
  kind: "Keynote" | "Workshop" | "Panel";
  date: string;
  /** Last day of a multi-day event. */
  endDate?: string;
  location: string;
  description: string;
};

export const siteEvents: SiteEvent[] = [
  {
    title: "Presence Over Persuasion",
    kind: "Keynote",
    date: "2025-03-13",
    location: "Denver, CO",
    description: "Keynote for the Colorado Sales Leadership Summit.",
  },
  {
    title: "Presence-Based Selling Foundations",
    kind: "Workshop",
    date: "2025-05-06",
    endDate: "2025-05-08",
    location: "Boulder, CO",
    description: "The 3-day in-person foundations workshop.",
  },
  {
    title: "The Human Future of Sales",
    kind: "Panel",
    date: "2025-09-18",
    location: "San Francisco, CA",
    description: "Panel discussion on authenticity and trust in B2B sales.",
  },
];

/** The time zone the event dates are written in. */
export const eventsTimeZone = "America/Denver";
