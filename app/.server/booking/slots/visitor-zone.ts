import { zoneLabel } from "./slot-labels";
import { isTimeZone } from "../../core/zoned-time";

/*
 * Node's ICU lists some zones by names since renamed (Asia/Calcutta); browsers report the current
 * name (Asia/Kolkata), so the list shows the current one. Both are valid IANA names.
 */
const renamedZones: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Godthab": "America/Nuuk",
  "Atlantic/Faeroe": "Atlantic/Faroe",
};
const allZones = Intl.supportedValuesOf("timeZone")
  .map((name) => renamedZones[name] ?? name)
  .sort();

/** The zone a booking page shows its times in: the address's `tz`, else the owner's. */
export function visitorZone(zoneParam: string | null, ownerZone: string) {
  const unknownZone = zoneParam !== null && !isTimeZone(zoneParam);
  const zone = zoneParam && !unknownZone ? zoneParam : ownerZone;
  return {
    zone,
    /** "America/Denver (Mountain Time)": the zone as the page names it. */
    zoneLabel: zoneLabel(zone),
    // An alias the runtime accepts but the list does not hold (Asia/Calcutta) stays selectable.
    zones: allZones.includes(zone) ? allZones : [zone, ...allZones],
    zoneChosen: zoneParam !== null,
    /** The address named a zone that does not exist: the owner's is shown instead. */
    unknownZone,
  };
}
