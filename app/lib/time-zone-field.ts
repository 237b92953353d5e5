/** The hidden field a signup or checkout form carries the browser's IANA time zone in. */
export const timeZoneFieldName = "timeZone";

/**
 * The zone a browser sent, if it is an IANA name the runtime knows (`America/Denver`, `UTC`);
 * anything else (an offset, a made-up name, too long) is dropped and the owner's zone applies.
 */
export function ianaTimeZone(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const name = value.trim();
  if (
    name.length === 0 ||
    name.length > 64 ||
    !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)
  )
    return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone
      ? name
      : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's own zone (for the page script that fills the field). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}
