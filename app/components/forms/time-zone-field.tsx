import { timeZoneFieldName } from "~/lib/time-zone-field";

/**
 * The browser's IANA time zone, filled in by the page script as the form is sent (site-islands),
 * so a sequence's "9:00" is the reader's own morning; empty without JavaScript (the owner's zone).
 */
export function TimeZoneField() {
  return <input type="hidden" name={timeZoneFieldName} data-time-zone="" defaultValue="" />;
}
