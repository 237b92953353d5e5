// The contact form's interests, without zod: the form in the browser imports them.

/** The interests a visitor may pick; the spec's default is the last. */
export const contactInterests = [
  "Keynote Speaking",
  "Corporate Training",
  "Private Consulting",
  "General Inquiry",
] as const;
export type ContactInterest = (typeof contactInterests)[number];
export const defaultContactInterest: ContactInterest = "General Inquiry";

/** Decodes `?interest=` (the /about link sends `Private Consulting`) into a known interest. */
export function interestFromQuery(value: string | null): ContactInterest {
  if (!value) return defaultContactInterest;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    // Not valid percent-encoding: use it as it is.
  }
  const match = contactInterests.find(
    (interest) => interest.toLowerCase() === decoded.trim().toLowerCase(),
  );
  return match ?? defaultContactInterest;
}
