import { isTimeZone } from "./zoned-time";

const allZones = Intl.supportedValuesOf("timeZone");

/** The zone a booking page shows its times in: the address's `tz`, else the owner's. */
export function visitorZone(zoneParam: string | null, ownerZone: string) {
  const unknownZone = zoneParam !== null && !isTimeZone(zoneParam);
  const zone = zoneParam && !unknownZone ? zoneParam : ownerZone;
  return {
    zone,
    // An alias the runtime accepts but does not list (Asia/Calcutta) stays selectable.
    zones: allZones.includes(zone) ? allZones : [zone, ...allZones],
    zoneChosen: zoneParam !== null,
    /** The address named a zone that does not exist: the owner's is shown instead. */
    unknownZone,
  };
}
