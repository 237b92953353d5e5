/** Weekday names by JavaScript's numbering, 0 Sunday to 6 Saturday. */
export const weekdayNames = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
